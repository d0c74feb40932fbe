import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.ts';
import { withNamedStatements } from './named-statements.ts';
import { type NoticeHandler, PGliteDialect } from './pglite-dialect.ts';

/** Live counts of a PostgreSQL connection pool (`pg.Pool`'s own), read when metrics are scraped. */
export type ConnectionPoolCounts = Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** Null on PGlite: one connection, no pool. */
  pool: ConnectionPoolCounts | null;
  /**
   * Hears the notices (NOTIFY) sent on a channel, each before the statement or commit that sent it
   * resolves to its caller. Null on PostgreSQL, where another node's notice arrives some time after
   * its commit: nothing may rely on hearing it first there.
   */
  listen: ((channel: string, listener: (payload: string) => void) => Promise<void>) | null;
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
 * PostgreSQL's default of 128 MB of shared buffers is sized for a server of its own. PGlite zeroes
 * all of them in its own memory as it boots: half its boot time, and about 95 MiB of the portal's
 * memory, for one connection whose reads of anything not cached the operating system's page cache
 * answers (decision 159).
 */
const EMBEDDED_SHARED_BUFFERS = '32MB';

/** How every embedded database starts: PGlite's own parameters, with the shared buffers above. */
export const PGLITE_OPTIONS: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
};

/**
 * `pg` reads bigint (e.g. `count(*)`) as a string while PGlite reads it as a number; numbers on
 * both keep one set of queries and types. Counts and ids stay far below 2^53.
 */
const bigintsAsNumbers = (types: typeof pg.types): pg.CustomTypesConfig => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
});

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.inMemory) return openPGlite(await PGlite.create(PGLITE_OPTIONS));
  if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or inMemory');
  const directory = join(options.dataDir, 'pg');
  await mkdir(directory, { recursive: true });
  const unlock = await lockEmbeddedDatabase(directory);
  try {
    const handle = openPGlite(await PGlite.create(directory, PGLITE_OPTIONS));
    return { ...handle, close: () => handle.close().finally(unlock) };
  } catch (error) {
    await unlock();
    throw error;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process opening the same files (a second `npm start`,
 * or `npm run admin` while the portal runs) would corrupt them. A pid file claims the folder; a
 * claim left by a process that no longer runs is taken over.
 */
async function lockEmbeddedDatabase(directory: string): Promise<() => Promise<void>> {
  const lockPath = join(directory, 'benchside.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return () => unlink(lockPath).catch(() => {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database in ${directory} is in use by process ${owner} (npm start?): stop it first, or set DATABASE_URL`,
        );
      }
      await unlink(lockPath).catch(() => {});
    }
  }
  throw new Error(`Cannot claim the embedded database in ${directory}`);
}

export function openPGlite(pglite: PGlite): DatabaseHandle {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const hear: NoticeHandler = (channel, payload) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, hear) });
  // Statements without parameters are answered through PGlite's own parser, which hands us theirs.
  pglite.onNotification(hear);
  return {
    db,
    pool: null,
    async listen(channel, listener) {
      const known = listeners.get(channel);
      if (known) {
        known.add(listener);
        return;
      }
      listeners.set(channel, new Set([listener]));
      // Through Kysely, so the LISTEN waits its turn on the one connection instead of joining (and
      // perhaps being rolled back with) a transaction another caller has open.
      await sql`listen ${sql.id(channel)}`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** `searchPath` puts every table in one schema (test isolation without CREATEDB rights). */
export async function openPostgres(
  databaseUrl: string,
  options: { searchPath?: string } = {},
): Promise<DatabaseHandle> {
  // Loaded only here: an embedded database never needs it, and it costs a start tens of ms.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: bigintsAsNumbers(pg.types),
    max: 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new Error(`Cannot reach the database at DATABASE_URL: ${(error as Error).message}`);
  }
  return { db, pool, listen: null, close: () => db.destroy() };
}
