import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';
import { sendNotification } from '../notifications/store.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Oldest first; the first ones are already read. With the watch list's one (seed/watches.ts, 14
 * days old) they are twelve: more than one page of /notifications (10).
 */
const DEMO_NOTIFICATIONS: { message: string; hoursAgo: number; read: boolean }[] = [
  { message: 'Welcome to Benchside! Your account is ready.', hoursAgo: 24 * 30, read: true },
  {
    message: 'Tip: install the Benchside Helper to download tools and talk to your card reader.',
    hoursAgo: 24 * 29,
    read: true,
  },
  {
    message: 'Scheduled maintenance on Sunday 02:00–03:00 UTC: downloads may pause briefly.',
    hoursAgo: 24 * 21,
    read: true,
  },
  { message: 'Your card credits were topped up with 50 credits.', hoursAgo: 24 * 10, read: true },
  {
    message: 'The unlocking tool was updated to version 4.2 with support for newer models.',
    hoursAgo: 24 * 7,
    read: true,
  },
  {
    message: 'Security notice: we will never ask for your password by e-mail.',
    hoursAgo: 24 * 5,
    read: false,
  },
  {
    message: 'New firmware packages for Xiaomi Redmi Note models are available.',
    hoursAgo: 24 * 3,
    read: false,
  },
  { message: 'Your support conversation has a new reply.', hoursAgo: 30, read: false },
  { message: 'The Benchside Helper 2.1 is out: faster downloads with resume.', hoursAgo: 20, read: false },
  { message: 'Card reader drivers for Windows 11 were updated.', hoursAgo: 5, read: false },
  {
    message: 'Credits expiring soon: 20 credits on your card expire at the end of the month.',
    hoursAgo: 1,
    read: false,
  },
];

/** The demo account's notifications (issue 7), some of them unread; only for the demo seed. */
export async function seedDemoNotifications(db: Kysely<Database>, username: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  for (const notification of DEMO_NOTIFICATIONS) {
    const createdAt = new Date(now - notification.hoursAgo * HOUR_MS);
    await sendNotification(db, notification.message, { userIds: [user.id] }, createdAt);
  }
  await db
    .updateTable('notification_to_users')
    .set((eb) => ({ read_at: eb.ref('created_at') }))
    .where('user_id', '=', user.id)
    .where('created_at', '<=', new Date(now - 24 * 7 * HOUR_MS))
    .execute();
}
