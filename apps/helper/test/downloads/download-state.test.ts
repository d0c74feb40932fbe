import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadManager } from '../../src/downloads/download-manager.ts';
import { DOWNLOADS_FILE_NAME } from '../../src/downloads/download-state.ts';
import { makeTempDir } from '../support.ts';
import { loopbackWebSeedsOnly } from './fixtures.ts';

const CHILD = fileURLToPath(new URL('./state-churn-child.ts', import.meta.url));

describe('the saved download list', { timeout: 40_000 }, () => {
  let work: string;

  beforeEach(async () => {
    work = await makeTempDir('state');
  });

  afterEach(() => rm(work, { recursive: true, force: true }));

  it('survives the helper being killed at any moment', async () => {
    const stateDir = join(work, 'config');
    const downloadFolder = join(work, 'Downloads');
    for (let kill = 0; kill < 3; kill++) {
      const child = spawn(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), CHILD, stateDir, downloadFolder],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (data: Buffer) => {
          if (data.toString().includes('ready')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`The churning helper exited early with ${code}`)));
      });
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 400));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      const warnings: string[] = [];
      const manager = await DownloadManager.open({
        stateDir,
        downloadFolder: () => downloadFolder,
        webSeedAllowed: loopbackWebSeedsOnly,
        warn: (message) => warnings.push(message),
      });
      const saved = JSON.parse(await readFile(join(stateDir, DOWNLOADS_FILE_NAME), 'utf8')) as {
        downloads: { hash: string }[];
      };
      expect(warnings).toEqual([]);
      expect(saved.downloads.length).toBeGreaterThan(0);
      expect(manager.list().map((item) => item.hash)).toEqual(
        saved.downloads.map((download) => download.hash),
      );
      await manager.close();
    }
  });
});
