import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extract, list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { INSTALLER_PATH, packHelper } from '../scripts/pack.ts';
import { freePort, makeTempDir, postJson } from './support.ts';

const run = promisify(execFile);
let unpacked: string;

// Bundling the whole helper with esbuild takes a few seconds on a busy machine.
describe('the helper installer (npm run pack:helper)', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await packHelper();
    // Outside the repository: no node_modules above it, so nothing can come from the workspace.
    unpacked = await makeTempDir('installer');
    await extract({ file: INSTALLER_PATH, cwd: unpacked });
  });

  afterAll(async () => {
    await rm(unpacked, { recursive: true, force: true });
  });

  it('holds one bundled program, a manifest naming only the optional native binding, and a readme', async () => {
    const entries: string[] = [];
    await list({ file: INSTALLER_PATH, onReadEntry: (entry) => void entries.push(entry.path) });
    expect(entries.sort()).toEqual([
      'package/',
      'package/README.md',
      'package/bin/',
      'package/bin/benchside-helper.js',
      'package/bin/benchside-helper.js.LEGAL.txt',
      'package/package.json',
    ]);
    const manifest = JSON.parse(await readFile(join(unpacked, 'package', 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'benchside-helper',
      version: packageJson.version,
      bin: { 'benchside-helper': 'bin/benchside-helper.js' },
      optionalDependencies: { pcsclite: packageJson.optionalDependencies.pcsclite },
    });
    expect(manifest.dependencies).toBeUndefined();
  });

  it('runs unpacked: --version, then serves the ping on loopback', async () => {
    const bin = join(unpacked, 'package', 'bin', 'benchside-helper.js');
    const { stdout } = await run(process.execPath, [bin, '--version'], { cwd: unpacked });
    expect(stdout).toBe(`${packageJson.version}\n`);

    const port = await freePort();
    const configDir = join(unpacked, 'config');
    const child = spawn(process.execPath, [bin], {
      cwd: unpacked,
      env: {
        PATH: process.env.PATH,
        HOME: unpacked,
        HELPER_PORTS: String(port),
        HELPER_CONFIG_DIR: configDir,
        HELPER_READERS: 'simulated',
        VENDOR_CARD_MASTER_KEY: 'c3'.repeat(32),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => (output += chunk));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('helper listening on') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(output).toContain(`helper listening on http://127.0.0.1:${port}`);
      const ping = await postJson(port, '/general/ping');
      expect(ping.status).toBe(200);
      expect(ping.json()).toEqual({ ok: true, version: packageJson.version });
      const downloads = await postJson(port, '/downloads/list');
      expect(downloads.json()).toEqual([]);
      // No warning about modules the bundle left out.
      expect(output).not.toMatch(/not supported|Cannot find module|WARN/);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
