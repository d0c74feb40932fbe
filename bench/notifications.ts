import { sql } from 'kysely';
import { LOAD_CONNECTIONS, type LoadFigures, measureLoad, warmUp } from './api-load.ts';
import type { Backend } from './backends.ts';
import { demoUserId, openSeededDatabase, signInAsDemo, startStack } from './stack.ts';

/** Issue 7: with 100,000 notifications, the list and the unread count stay under 20 ms p99 at 50 connections. */
export const NOTIFICATIONS_FOR_BENCH = 100_000;
const P99_BUDGET_MS = 20;

export type NotificationLoad = { path: string } & LoadFigures;
export type NotificationsResult = {
  backend: string;
  notifications: number;
  loads: NotificationLoad[];
  /** `GET /api/me` on the same stack: what the machine gives a one-query signed-in call right now. */
  reference: NotificationLoad;
};

/**
 * Gives the demo account 100,000 notifications (one in ten unread) before the portal starts: two
 * set-based statements, as the operator's `notify --all` would store them.
 */
async function fillNotifications(env: NodeJS.ProcessEnv): Promise<void> {
  const database = await openSeededDatabase(env);
  try {
    const { db } = database;
    const demoId = await demoUserId(db);
    const existing = await db
      .selectFrom('notification_counters')
      .select('total')
      .where('user_id', '=', demoId)
      .executeTakeFirst();
    const missing = NOTIFICATIONS_FOR_BENCH - (existing?.total ?? 0);
    if (missing <= 0) return;
    await sql`
      with messages as (
        insert into notifications (message, created_at)
          select 'Bench notification ' || g, now() - g * interval '1 minute'
            from generate_series(1, ${missing}::int) g
          returning id, created_at
      )
      insert into notification_to_users (notification_id, user_id, created_at, read_at)
        select id, ${demoId}::uuid, created_at, case when id % 10 = 0 then null else created_at end
          from messages`.execute(db);
  } finally {
    await database.close();
  }
}

async function load(url: string, cookie: string): Promise<NotificationLoad> {
  const { pathname, search } = new URL(url);
  return { path: pathname + search, ...(await measureLoad({ url, cookie })) };
}

/** A portal of its own (the embedded database is one process's), filled before it starts. */
export async function measureNotifications(root: string, backend: Backend): Promise<NotificationsResult> {
  const stack = await startStack(root, { backend, prepare: fillNotifications });
  try {
    const cookie = await signInAsDemo(stack.baseUrl);
    const total = await fetch(`${stack.baseUrl}/api/notification/total`, { headers: { cookie } });
    const { total: notifications } = (await total.json()) as { total: number };
    if (notifications < NOTIFICATIONS_FOR_BENCH)
      throw new Error(`The demo account has only ${notifications} notifications`);
    const urls = [
      `${stack.baseUrl}/api/notification-to-users?page=1&itemsPerPage=10&order%5BcreatedAt%5D=desc`,
      `${stack.baseUrl}/api/notification/unread-count`,
    ];
    const loads: NotificationLoad[] = [];
    for (const url of urls) {
      await warmUp({ url, cookie });
      loads.push(await load(url, cookie));
    }
    const reference = await load(`${stack.baseUrl}/api/me`, cookie);
    return { backend: backend.name, notifications, loads, reference };
  } finally {
    await stack.stop();
  }
}

/** One line of `npm run bench` per call. */
export function notificationFigures(result: NotificationsResult) {
  return result.loads.map((figures) => ({
    name: `GET ${figures.path.split('?', 1)[0]} p99, ${result.notifications} notifications`,
    column: result.backend,
    value: `${figures.p99LatencyMs} ms (${Math.round(figures.requestsPerSecond)} req/s; /api/me ${result.reference.p99LatencyMs} ms)`,
    budget: `< ${P99_BUDGET_MS} ms at ${LOAD_CONNECTIONS} connections, no errors`,
    pass: figures.p99LatencyMs < P99_BUDGET_MS && figures.non2xx === 0 && figures.errors === 0,
  }));
}
