import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Kysely, sql } from 'kysely';
import { withAdvisoryLock } from './advisory-lock.ts';
import { migrateToLatest } from './migrate.ts';
import { type DatabaseHandle, openPGlite, openPostgres, PGLITE_OPTIONS } from './open-database.ts';

/**
 * A migrated, empty database of its own for one test file: in-memory PGlite, or, when
 * `DATABASE_URL` is set, a fresh schema on that server that is dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const { handle } = await openUnmigratedTestDatabase();
  await migrateToLatest(handle.db);
  return handle;
}

export interface UnmigratedTestDatabase {
  /** Closing it drops the database (the scratch schema on PostgreSQL). */
  handle: DatabaseHandle;
  /**
   * A second pool on the same database, as a second node would open (close it before `handle`);
   * null on PGlite, which is one connection of one process.
   */
  openSecondHandle: (() => Promise<DatabaseHandle>) | null;
}

/** As `openTestDatabase`, before any migration: what a first start finds. */
export async function openUnmigratedTestDatabase(): Promise<UnmigratedTestDatabase> {
  if (process.env.DATABASE_URL) return openScratchPostgres(process.env.DATABASE_URL);
  return {
    handle: openPGlite(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate() })),
    openSecondHandle: null,
  };
}

/**
 * Drops a schema a test made, under the migrations lock: Kysely's migrator checks its tables with
 * `has_schema_privilege(nspname)` over every schema, which fails with 3F000 when another file's
 * schema is dropped between its catalogue read and that call.
 */
export async function dropTestSchema<DB>(db: Kysely<DB>, schema: string): Promise<void> {
  await withAdvisoryLock(db, 'migrations', (connection) =>
    sql`drop schema if exists ${sql.id(schema)} cascade`.execute(connection),
  );
}

/**
 * A schema of its own rather than a database: CI's role owns one database and may not create
 * more, and a schema isolates the tables just as well.
 */
async function openScratchPostgres(serverUrl: string): Promise<UnmigratedTestDatabase> {
  const schema = `benchside_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(serverUrl);
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const handle = await openPostgres(serverUrl, { searchPath: schema });
  return {
    handle: {
      db: handle.db,
      pool: handle.pool,
      listen: null,
      async close() {
        await handle.close();
        await dropTestSchema(admin.db, schema);
        await admin.close();
      },
    },
    openSecondHandle: () => openPostgres(serverUrl, { searchPath: schema }),
  };
}

/**
 * PGlite's initdb takes seconds while loading a saved cluster takes well under one, so the fresh
 * cluster is saved once per PGlite version and every test file starts from a copy of it.
 */
async function pgliteTemplate(): Promise<Blob> {
  const require = createRequire(import.meta.url);
  const packageJson = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
  const path = join(tmpdir(), `benchside-pglite-${version}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    const pglite = await PGlite.create(PGLITE_OPTIONS);
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  }
}
