import { type Kysely, sql } from 'kysely';

/**
 * The first half of every Benchside advisory lock key ('BENC'), so ours stand apart from other
 * applications' on a shared server and read as `classid` in `pg_locks`.
 */
export const BENCHSIDE_LOCK_SPACE = 0x42454e43;

/**
 * What runs once per database however many nodes start together; each job's number is the second
 * half of its key (`objid` in `pg_locks`). Numbers are never reused for another job.
 */
export const ONCE_PER_DATABASE = {
  migrations: 1,
  demoSeed: 2,
  expiryReminders: 3,
  watchDigests: 4,
  creditPackExpiries: 5,
} as const;

export type OncePerDatabaseJob = keyof typeof ONCE_PER_DATABASE;

/**
 * Runs `job` while holding its session-level advisory lock: a second caller, from this process or
 * another node, waits until the first is done, then runs on what it left. The lock belongs to one
 * connection, so `job` gets that connection and must not use the pool it came from (on PGlite,
 * whose one connection it is, that would wait forever). A connection that dies releases it.
 */
export async function withAdvisoryLock<DB, T>(
  db: Kysely<DB>,
  job: OncePerDatabaseJob,
  run: (connection: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const key = sql`${sql.lit(BENCHSIDE_LOCK_SPACE)}, ${sql.lit(ONCE_PER_DATABASE[job])}`;
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await run(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
