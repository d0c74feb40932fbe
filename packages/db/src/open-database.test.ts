import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './open-database.ts';
import { openTestDatabase } from './test-database.ts';

async function sharedBuffers(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
  return rows[0]?.shared_buffers ?? '';
}

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

  it("boots with 32 MB of shared buffers instead of PostgreSQL's 128 MB, on disk, in memory and in tests", {
    timeout: 120_000,
  }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'benchside-buffers-'));
    const handles = [await openDatabase({ dataDir }), await openDatabase({ inMemory: true })];
    if (!process.env.DATABASE_URL) handles.push(await openTestDatabase());
    try {
      for (const handle of handles) expect(await sharedBuffers(handle)).toBe('32MB');
    } finally {
      for (const handle of handles) await handle.close();
    }
  });
});
