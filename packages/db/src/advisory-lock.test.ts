import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHSIDE_LOCK_SPACE, ONCE_PER_DATABASE, withAdvisoryLock } from './advisory-lock.ts';
import type { Database } from './database.ts';
import type { DatabaseHandle } from './open-database.ts';
import { openUnmigratedTestDatabase } from './test-database.ts';

/**
 * The Benchside advisory locks a session holds. By session, because test files sharing one
 * PostgreSQL database (in their own schemas) take the same locks side by side.
 */
async function locksHeldBy(
  db: Kysely<Database>,
  sessionPid: number,
): Promise<Array<{ classid: number; objid: number }>> {
  const { rows } = await sql<{ classid: number; objid: number }>`
    select classid::int as classid, objid::int as objid from pg_locks
    where locktype = 'advisory' and granted and pid = ${sessionPid} and classid::int = ${BENCHSIDE_LOCK_SPACE}`.execute(
    db,
  );
  return rows;
}

async function sessionPidOf(connection: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
  return rows[0]?.pid ?? Number.NaN;
}

// On PostgreSQL the two holders are two pools, as two nodes are; PGlite has one connection in one
// process, so there both go through the same handle and the lock's connection is what they share.
describe('withAdvisoryLock', () => {
  let handle: DatabaseHandle;
  let second: DatabaseHandle | null;
  beforeAll(async () => {
    const database = await openUnmigratedTestDatabase();
    handle = database.handle;
    second = database.openSecondHandle ? await database.openSecondHandle() : null;
  });
  afterAll(async () => {
    await second?.close();
    await handle.close();
  });

  it('holds the job’s lock while the job runs and releases it after, even when the job fails', async () => {
    const during = await withAdvisoryLock(handle.db, 'demoSeed', async (connection) => {
      const pid = await sessionPidOf(connection);
      return { pid, held: await locksHeldBy(connection, pid) };
    });
    expect(during.held).toEqual([{ classid: BENCHSIDE_LOCK_SPACE, objid: ONCE_PER_DATABASE.demoSeed }]);
    expect(await locksHeldBy(handle.db, during.pid)).toEqual([]);

    let failedPid = Number.NaN;
    await expect(
      withAdvisoryLock(handle.db, 'demoSeed', async (connection) => {
        failedPid = await sessionPidOf(connection);
        throw new Error('the job fails');
      }),
    ).rejects.toThrow('the job fails');
    expect(await locksHeldBy(handle.db, failedPid)).toEqual([]);
  });

  it('makes a second run of the same job wait until the first is done', async () => {
    const events: string[] = [];
    let finishFirst: () => void = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    let firstStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });
    const first = withAdvisoryLock(handle.db, 'migrations', async () => {
      events.push('first starts');
      firstStarted();
      await firstHolds;
      events.push('first ends');
    });
    await started;
    const secondRun = withAdvisoryLock((second ?? handle).db, 'migrations', async () => {
      events.push('second starts');
    });
    // Time enough for the second to have started if nothing held it back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual(['first starts']);
    finishFirst();
    await Promise.all([first, secondRun]);
    expect(events).toEqual(['first starts', 'first ends', 'second starts']);
  });
});
