import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '@benchside/db/migrate';
import type { DatabaseHandle } from '@benchside/db/open-database';
import { openUnmigratedTestDatabase } from '@benchside/db/test-database';
import { createObjectStorage } from '@benchside/server/storage/object-storage';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo.ts';

/** What `npm start` does first on its database. */
async function migrateAndSeed(handle: DatabaseHandle, dataDir: string): Promise<boolean> {
  await migrateToLatest(handle.db);
  const storage = await createObjectStorage({ dataDir, storage: { kind: 'local' } });
  return seedDemo(handle.db, storage, { dataDir, packageSigningKey: null });
}

async function countOf(handle: DatabaseHandle, table: string): Promise<number> {
  const { rows } = await sql<{
    total: number;
  }>`select count(*)::int as total from ${sql.table(table)}`.execute(handle.db);
  return rows[0]?.total ?? 0;
}

// On PostgreSQL the two starts use two pools on one empty database, as two nodes do. PGlite cannot
// be opened twice (one process's one connection), so there the two starts run side by side on one
// handle; without the locks their check-then-insert steps interleave there too.
describe('two starts on one empty database', () => {
  let scratch: string;
  let first: DatabaseHandle;
  let second: DatabaseHandle | null;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'benchside-once-'));
    const database = await openUnmigratedTestDatabase();
    first = database.handle;
    second = database.openSecondHandle ? await database.openSecondHandle() : null;
  });
  afterAll(async () => {
    await second?.close();
    await first.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('both succeed, migrating once and seeding the demo once', async () => {
    const seeded = await Promise.all([
      migrateAndSeed(first, join(scratch, 'first')),
      migrateAndSeed(second ?? first, join(scratch, 'second')),
    ]);

    expect(seeded.toSorted()).toEqual([false, true]);
    const { rows: applied } = await sql<{ name: string; times: number }>`
      select name, count(*)::int as times from kysely_migration group by name`.execute(first.db);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((migration) => migration.times === 1)).toBe(true);
    expect(await countOf(first, 'users')).toBe(1);
    // One demo catalogue, not two: a second seed would have published every package again.
    const { rows: files } = await sql<{ file: string; times: number }>`
      select file, count(*)::int as times from catalogue_files where not is_dir group by file`.execute(
      first.db,
    );
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => file.times === 1)).toBe(true);
  });

  it('leaves every table of the seeded demo with planner statistics (decision 158)', async () => {
    // -1: never analyzed, which PostgreSQL plans with default guesses.
    const { rows } = await sql<{ name: string; estimate: number }>`
      select relname as name, reltuples::int as estimate from pg_class
      join pg_namespace on pg_namespace.oid = relnamespace
      where relkind = 'r' and nspname = current_schema()`.execute(first.db);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((table) => table.estimate < 0)).toEqual([]);
    expect(rows.find((table) => table.name === 'users')?.estimate).toBe(1);
  });
});
