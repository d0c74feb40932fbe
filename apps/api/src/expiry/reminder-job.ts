import { withAdvisoryLock } from '@benchside/db/advisory-lock';
import type { Database } from '@benchside/db/database';
import { languageOf } from '@benchside/server/current-user';
import type { Kysely } from 'kysely';
import { mailUser } from '../auth/account-mail.ts';
import { storeNotification } from '../notifications/store.ts';
import {
  DAY_MS,
  type DueReminder,
  daysLeft,
  dueReminders,
  type ExpiringItem,
  REMINDER_THRESHOLDS_DAYS,
  reminderKey,
} from './due-reminders.ts';
import { type ReminderSubject, reminderMessage } from './reminder-message.ts';

interface Owner {
  email: string;
  name: string;
  language: string;
}

type ReminderItem = ExpiringItem & ReminderSubject & { owner: Owner };

/**
 * Everything owned by someone that ends within the farthest threshold: card support licences,
 * products on cards, and credit packs with credits left (a used-up pack's end is nothing to be
 * reminded of). What ends right at `now` is left to `dueReminders`, which sends nothing for it.
 */
async function itemsEndingSoon(db: Kysely<Database>, now: Date): Promise<ReminderItem[]> {
  const horizon = new Date(now.getTime() + Math.max(...REMINDER_THRESHOLDS_DAYS) * DAY_MS);
  const ownerColumns = [
    'users.id as user_id',
    'users.email',
    'users.name',
    'users.language',
    'users.expiry_reminder_emails',
  ] as const;
  const [cards, products, credits] = await Promise.all([
    db
      .selectFrom('cards')
      .innerJoin('users', 'users.id', 'cards.user_id')
      .select([...ownerColumns, 'cards.id', 'cards.serial', 'cards.expires_at'])
      .where((eb) => eb.between('cards.expires_at', now, horizon))
      .execute(),
    db
      .selectFrom('card_products')
      .innerJoin('cards', 'cards.id', 'card_products.card_id')
      .innerJoin('users', 'users.id', 'cards.user_id')
      .innerJoin('products', 'products.id', 'card_products.product_id')
      .select([
        ...ownerColumns,
        'cards.id as card_id',
        'cards.serial',
        'products.id as product_id',
        'products.name as product_name',
        'card_products.expires_at',
      ])
      .where((eb) => eb.between('card_products.expires_at', now, horizon))
      .execute(),
    db
      .selectFrom('user_credit_subscriptions as credits')
      .innerJoin('users', 'users.id', 'credits.user_id')
      .leftJoin('products', 'products.id', 'credits.product_id')
      .select([...ownerColumns, 'credits.id', 'products.name as product_name', 'credits.valid_until'])
      .where((eb) => eb.between('credits.valid_until', now, horizon))
      .whereRef('credits.used', '<', 'credits.amount')
      .execute(),
  ]);
  const owned = (row: {
    user_id: string;
    email: string;
    name: string;
    language: string;
    expiry_reminder_emails: boolean;
  }) => ({
    userId: row.user_id,
    emails: row.expiry_reminder_emails,
    owner: { email: row.email, name: row.name, language: row.language },
  });
  return [
    ...cards.map((row) => ({
      ...owned(row),
      kind: 'card' as const,
      key: row.id,
      serial: row.serial,
      productName: null,
      expiresAt: row.expires_at as Date,
    })),
    ...products.map((row) => ({
      ...owned(row),
      kind: 'product' as const,
      key: `${row.card_id}/${row.product_id}`,
      serial: row.serial,
      productName: row.product_name,
      expiresAt: row.expires_at as Date,
    })),
    ...credits.map((row) => ({
      ...owned(row),
      kind: 'credit' as const,
      key: row.id,
      serial: null,
      productName: row.product_name,
      expiresAt: row.valid_until as Date,
    })),
  ];
}

/**
 * Sends one reminder: its `expiry_reminders` row, the notification and the queued e-mail commit
 * together. The row is written first and its unique key decides: a second runner that reaches the
 * same reminder inserts nothing and sends nothing, and a crash before the commit leaves nothing
 * behind, so the next run sends it.
 */
async function sendReminder(db: Kysely<Database>, reminder: DueReminder<ReminderItem>, now: Date) {
  const { item, thresholdDays } = reminder;
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('expiry_reminders')
      .values({
        user_id: item.userId,
        item_kind: item.kind,
        item_key: item.key,
        expires_at: item.expiresAt,
        threshold_days: thresholdDays,
        emailed: item.emails,
      })
      .onConflict((conflict) => conflict.constraint('expiry_reminders_item_threshold_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return false;
    const message = reminderMessage(languageOf(item.owner), item, daysLeft(item.expiresAt, now));
    await storeNotification(trx, message, { userIds: [item.userId] }, now);
    if (item.emails) await mailUser(trx, item.owner, { kind: 'expiryReminder', message });
    return true;
  });
}

/** What is due at `now`, read from the database: the items ending soon less what was sent. */
async function findDueReminders(db: Kysely<Database>, now: Date): Promise<DueReminder<ReminderItem>[]> {
  const items = await itemsEndingSoon(db, now);
  if (items.length === 0) return [];
  const sentRows = await db
    .selectFrom('expiry_reminders')
    .select(['item_kind', 'item_key', 'expires_at', 'threshold_days'])
    .where('item_key', 'in', [...new Set(items.map((item) => item.key))])
    .execute();
  const sent = new Set(
    sentRows.map((row) =>
      reminderKey(
        { kind: row.item_kind, key: row.item_key, expiresAt: row.expires_at, userId: '', emails: false },
        row.threshold_days,
      ),
    ),
  );
  return dueReminders(items, sent, now);
}

/**
 * One run of the expiry reminder job at `now`: on one node at a time (a second caller waits for the
 * lock, then finds everything already sent), each due reminder in its own transaction. Answers how
 * many reminders this run sent. The credits ledger's 'expiry' rows are the sibling job's
 * (`runCreditPackExpiries`), scheduled beside this one; reminders never write them.
 */
export function runExpiryReminders(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return withAdvisoryLock(db, 'expiryReminders', async (connection) => {
    let count = 0;
    for (const reminder of await findDueReminders(connection, now)) {
      if (await sendReminder(connection, reminder, now)) count++;
    }
    return count;
  });
}

/**
 * Records what is due at `now` as already reminded of, sending nothing: the demo seed's user starts
 * with the notifications the seed wrote (which tell of credits expiring), not a burst of reminders
 * at the first start. Later thresholds are sent by the job as usual.
 */
export async function recordDueRemindersAsSent(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const due = await findDueReminders(db, now);
  if (due.length === 0) return;
  await db
    .insertInto('expiry_reminders')
    .values(
      due.map(({ item, thresholdDays }) => ({
        user_id: item.userId,
        item_kind: item.kind,
        item_key: item.key,
        expires_at: item.expiresAt,
        threshold_days: thresholdDays,
        emailed: false,
      })),
    )
    .onConflict((conflict) => conflict.constraint('expiry_reminders_item_threshold_key').doNothing())
    .execute();
}
