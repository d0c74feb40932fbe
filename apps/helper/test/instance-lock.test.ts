import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, InstanceLockedError, LOCK_FILE_NAME } from '../src/instance-lock.ts';
import { makeTempDir } from './support.ts';

describe('the instance lock', () => {
  let configDir: string;
  let lockFile: string;

  beforeEach(async () => {
    configDir = await makeTempDir('lock');
    lockFile = join(configDir, LOCK_FILE_NAME);
  });
  afterEach(async () => {
    await rm(configDir, { recursive: true, force: true });
  });

  it('is taken on a free config folder with this process id, and released on exit', async () => {
    const lock = await acquireInstanceLock(configDir);
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    // The claim it was linked from is gone: only the lock is left.
    expect(await readdir(configDir)).toEqual([LOCK_FILE_NAME]);
    lock.releaseSync();
    expect(await readdir(configDir)).toEqual([]);
  });

  it('is refused while another live process holds it', async () => {
    await writeFile(lockFile, JSON.stringify({ pid: process.ppid }));
    const refused = acquireInstanceLock(configDir);
    await expect(refused).rejects.toThrow(InstanceLockedError);
    await expect(refused).rejects.toThrow(
      `another helper (process ${process.ppid}) already uses the config folder ${configDir}; stop it first`,
    );
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toEqual({ pid: process.ppid });
  });

  it('takes over a lock left by a dead process, a garbled one, and one whose process id was reused', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const stale = [
      JSON.stringify({ pid: dead }),
      'not a lock',
      ...(process.platform === 'linux' ? [JSON.stringify({ pid: process.ppid, started: '1' })] : []),
    ];
    for (const text of stale) {
      await writeFile(lockFile, text);
      const lock = await acquireInstanceLock(configDir);
      expect(JSON.parse(await readFile(lockFile, 'utf8')), text).toMatchObject({ pid: process.pid });
      expect(await readdir(configDir)).toEqual([LOCK_FILE_NAME]);
      lock.releaseSync();
    }
  });

  it('leaves a lock that another helper took since alone when released', async () => {
    const lock = await acquireInstanceLock(configDir);
    await writeFile(lockFile, JSON.stringify({ pid: process.ppid }));
    lock.releaseSync();
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toEqual({ pid: process.ppid });
  });
});
