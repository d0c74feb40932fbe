import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database.ts';

describe('the embedded database on disk', () => {
  let dataDir = '';
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second opening while the first is open, and opens again once it is closed', {
    timeout: 120_000,
  }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'benchside-lock-'));
    const first = await openDatabase({ dataDir });
    // A pid file naming a live process other than this one: what `npm run admin` finds while `npm start` runs.
    await writeFile(join(dataDir, 'pg', 'benchside.pid'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process \d+ \(npm start\?\)/);
    await first.close();

    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('takes over a claim left by a process that no longer runs', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'benchside-lock-'));
    const first = await openDatabase({ dataDir });
    await first.close();
    await writeFile(join(dataDir, 'pg', 'benchside.pid'), '2147483646');
    const second = await openDatabase({ dataDir });
    await second.close();
  });
});
