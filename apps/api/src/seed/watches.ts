import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';
import { notifyWatchers } from '../watches/notify-watchers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo account watches a model and a tool of the demo catalogue, and the model's newest
 * firmware reached it two weeks ago as a publish tells it: the watch's record and the notification
 * (read by `seedDemoNotifications`, which runs next), through the same code.
 */
export async function seedDemoWatches(db: Kysely<Database>, userId: string): Promise<void> {
  const since = new Date(Date.now() - 30 * DAY_MS);
  await db
    .insertInto('watches')
    .values([
      { user_id: userId, kind: 'model', brand: 'Samsung', name: 'SM-A525F', created_at: since },
      { user_id: userId, kind: 'tool', brand: null, name: 'Benchside Flash', created_at: since },
    ])
    .execute();
  const newest = await db
    .selectFrom('catalogue_files')
    .select('id')
    .where('kind', '=', 'firmware')
    .where('brand', '=', 'Samsung')
    .where('model', '=', 'SM-A525F')
    // A build, not the model's unlock pack.
    .where('region', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => notifyWatchers(trx, newest.id, new Date(Date.now() - 14 * DAY_MS)));
}
