import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { PGliteDialect } from './pglite-dialect.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when set, the other options are ignored. */
  databaseUrl?: string;
  /** PGlite keeps its files in `<dataDir>/pg`. */
  dataDir?: string;
  inMemory?: boolean;
}

const INT8_OID = 20;

/**
 * `pg` reads bigint (e.g. `count(*)`) as a string while PGlite reads it as a number; numbers on
 * both keep one set of queries and types. Counts and ids stay far below 2^53.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.inMemory) return openPGlite(await PGlite.create());
  if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or inMemory');
  const directory = join(options.dataDir, 'pg');
  await mkdir(directory, { recursive: true });
  return openPGlite(await PGlite.create(directory));
}

export function openPGlite(pglite: PGlite): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, close: () => db.destroy() };
}

/** `searchPath` puts every table in one schema (test isolation without CREATEDB rights). */
export async function openPostgres(
  databaseUrl: string,
  options: { searchPath?: string } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: pgTypes,
    max: 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new Error(`Cannot reach the database at DATABASE_URL: ${(error as Error).message}`);
  }
  return { db, close: () => db.destroy() };
}
