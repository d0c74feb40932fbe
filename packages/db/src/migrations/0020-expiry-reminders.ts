import { type Kysely, sql } from 'kysely';

/**
 * Expiry of what a technician bought (issue 19 item 3): a card's support licence, a product on a
 * card (a set date, or a number of days that starts when the card activates it), and the reminders
 * sent before they end. A reminder row is written in the transaction of its notification and e-mail
 * and its unique key is the guarantee that each is sent once, whichever node runs the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cards').addColumn('expires_at', 'timestamptz').execute();
  await db.schema
    .alterTable('card_products')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('valid_days', 'integer', (column) => column.check(sql`valid_days between 1 and 3650`))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('expiry_reminder_emails', 'boolean', (column) => column.notNull().defaultTo(true))
    .execute();

  // `expires_at` is part of the key: a licence the vendor extends is reminded of again before its
  // new end, while one expiry is never reminded twice at the same threshold.
  await db.schema
    .createTable('expiry_reminders')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_kind', 'text', (column) => column.notNull())
    .addColumn('item_key', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('threshold_days', 'integer', (column) => column.notNull())
    .addColumn('emailed', 'boolean', (column) => column.notNull())
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('expiry_reminders_item_threshold_key', [
      'item_kind',
      'item_key',
      'expires_at',
      'threshold_days',
    ])
    .execute();
  await db.schema.createIndex('cards_expires_at_idx').on('cards').column('expires_at').execute();
  await db.schema
    .createIndex('card_products_expires_at_idx')
    .on('card_products')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('user_credit_subscriptions_valid_until_idx')
    .on('user_credit_subscriptions')
    .column('valid_until')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_credit_subscriptions_valid_until_idx').execute();
  await db.schema.dropTable('expiry_reminders').execute();
  await db.schema.alterTable('users').dropColumn('expiry_reminder_emails').execute();
  await db.schema.alterTable('card_products').dropColumn('valid_days').dropColumn('expires_at').execute();
  await db.schema.alterTable('cards').dropColumn('expires_at').execute();
}
