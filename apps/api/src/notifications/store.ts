import type { Notification } from '@benchside/contracts/notifications';
import type { Database } from '@benchside/db/database';
import { pageWindow } from '@benchside/db/page-window';
import { batchedLookup, sharedReads } from '@benchside/server/batched-lookup';
import { type Kysely, sql, type Transaction } from 'kysely';

/** The signed-in user's notifications: every query is scoped to one user id. */

type Direction = 'asc' | 'desc';

type PageOptions = { page: number; itemsPerPage: number; direction: Direction };

export interface NotificationPage {
  member: Notification[];
  totalItems: number;
}

function toNotification(row: {
  id: number;
  message: string;
  link: string | null;
  read_at: Date | null;
  created_at: Date;
}): Notification {
  return {
    id: Number(row.id),
    message: row.message,
    readed: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
    ...(row.link === null ? {} : { link: row.link }),
  };
}

/**
 * One page, newest first by default, and the total in a single statement: the counter row (one key
 * lookup) laterally joined to the page read from the (user_id, created_at desc, id desc) index.
 */
async function listNotifications(
  db: Kysely<Database>,
  userId: string,
  options: PageOptions,
): Promise<NotificationPage> {
  const { page, itemsPerPage, direction } = options;
  const window = pageWindow(page, itemsPerPage);
  const rows = await db
    .selectFrom('notification_counters as c')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('notification_to_users as t')
          .innerJoin('notifications as n', 'n.id', 't.notification_id')
          .select(['t.id', 't.created_at', 't.read_at', 'n.message', 'n.link'])
          .whereRef('t.user_id', '=', 'c.user_id')
          .orderBy('t.created_at', direction)
          .orderBy('t.id', direction)
          .limit(window.limit)
          .offset(window.offset)
          .as('p'),
      (join) => join.onTrue(),
    )
    .select(['c.total', 'p.id', 'p.created_at', 'p.read_at', 'p.message', 'p.link'])
    .where('c.user_id', '=', userId)
    .orderBy('p.created_at', direction)
    .orderBy('p.id', direction)
    .execute();
  const member: Notification[] = [];
  for (const row of rows) {
    if (row.id === null || row.message === null || row.created_at === null) continue;
    member.push(
      toNotification({
        id: row.id,
        message: row.message,
        link: row.link,
        read_at: row.read_at,
        created_at: row.created_at,
      }),
    );
  }
  return { member, totalItems: rows[0]?.total ?? 0 };
}

type Counters = { total: number; unread: number };

/**
 * The reads every open tab polls (the bell's count, the list's first page), shared per event-loop
 * turn: the counters of every user asked for in one turn come from one query, and identical page
 * requests share one read (see `batchedLookup` and `sharedReads`).
 */
export function notificationReads(db: Kysely<Database>) {
  const lookUpCounters = batchedLookup(async (userIds: string[]) => {
    const rows = await db
      .selectFrom('notification_counters')
      .select(['user_id', 'total', 'unread'])
      .where(sql<boolean>`user_id = any(${userIds}::uuid[])`)
      .execute();
    return new Map(rows.map(({ user_id, ...counters }) => [user_id, counters]));
  });
  const sharedPage = sharedReads<NotificationPage>();
  return {
    async counters(userId: string): Promise<Counters> {
      return (await lookUpCounters(userId)) ?? { total: 0, unread: 0 };
    },
    page(userId: string, options: PageOptions): Promise<NotificationPage> {
      const { page, itemsPerPage, direction } = options;
      return sharedPage(`${userId} ${page} ${itemsPerPage} ${direction}`, () =>
        listNotifications(db, userId, options),
      );
    },
  };
}

/** Marks one of the user's notifications read (again is fine); undefined when it is not the user's. */
export async function markOneRead(
  db: Kysely<Database>,
  userId: string,
  id: number,
): Promise<Notification | undefined> {
  const row = await db
    .with('marked', (qb) =>
      qb
        .updateTable('notification_to_users')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<Date>('now')) }))
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['id', 'notification_id', 'created_at', 'read_at']),
    )
    .selectFrom('marked')
    .innerJoin('notifications as n', 'n.id', 'marked.notification_id')
    .select(['marked.id', 'marked.created_at', 'marked.read_at', 'n.message', 'n.link'])
    .executeTakeFirst();
  return row ? toNotification(row) : undefined;
}

/** Marks the named notifications read; ids of other users' notifications match nothing. */
export async function markRead(db: Kysely<Database>, userId: string, ids?: number[]): Promise<number> {
  let query = db
    .updateTable('notification_to_users')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the named notifications of the user, and a message once nobody has it any more. */
export async function deleteNotifications(
  db: Kysely<Database>,
  userId: string,
  ids: number[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('notification_to_users')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .returning('notification_id')
      .execute();
    const messages = [...new Set(deleted.map((row) => row.notification_id))];
    if (messages.length > 0) {
      await trx
        .deleteFrom('notifications')
        .where('id', 'in', messages)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notification_to_users as t')
                .select('t.id')
                .whereRef('t.notification_id', '=', 'notifications.id'),
            ),
          ),
        )
        .execute();
    }
    return deleted.length;
  });
}

/**
 * Stores one message for the given users, or for every user: one notification row and one set-based
 * INSERT … SELECT of the recipients, never a statement per user. Returns the recipients stored.
 */
export function sendNotification(
  db: Kysely<Database>,
  message: string,
  to: { userIds: string[] } | 'all',
  createdAt: Date = new Date(),
): Promise<{ notificationId: number; recipients: number }> {
  return db.transaction().execute((trx) => storeNotification(trx, message, to, createdAt));
}

/**
 * `sendNotification` inside the caller's transaction, for writes the notification belongs with;
 * `link` is the portal path it is about.
 */
export async function storeNotification(
  trx: Transaction<Database>,
  message: string,
  to: { userIds: string[] } | 'all',
  createdAt: Date = new Date(),
  link: string | null = null,
): Promise<{ notificationId: number; recipients: number }> {
  const { id } = await trx
    .insertInto('notifications')
    .values({ message, link, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  let recipients = trx
    .selectFrom('users')
    // Typed parameters: an untyped one in a select list would be read as text.
    .select((eb) => [
      eb.cast<number>(eb.val(id), 'bigint').as('notification_id'),
      'users.id as user_id',
      eb.cast<Date>(eb.val(createdAt), 'timestamptz').as('created_at'),
    ]);
  if (to !== 'all') {
    if (to.userIds.length === 0) return { notificationId: Number(id), recipients: 0 };
    recipients = recipients.where('users.id', 'in', to.userIds);
  }
  const result = await trx
    .insertInto('notification_to_users')
    .columns(['notification_id', 'user_id', 'created_at'])
    .expression(recipients)
    .executeTakeFirst();
  return { notificationId: Number(id), recipients: Number(result.numInsertedOrUpdatedRows ?? 0) };
}
