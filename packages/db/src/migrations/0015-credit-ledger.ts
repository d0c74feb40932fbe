import { type Kysely, sql } from 'kysely';

/**
 * The credits ledger: every credit movement of a user as its own row with the balance after it,
 * and one balance row per user that writers lock, so concurrent movements queue up per user and
 * each row's balance follows the one before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_balances')
    .addColumn('user_id', 'uuid', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('grant', 'use', 'refund', 'expiry')`),
    )
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('balance_after', 'integer', (column) => column.notNull())
    .addColumn('card_id', 'uuid', (column) => column.references('cards.id').onDelete('set null'))
    .addColumn('user_crd_id', 'uuid', (column) => column.references('user_crds.id').onDelete('set null'))
    .addColumn('product_id', 'text', (column) => column.references('products.id'))
    .addColumn('subscription_id', 'uuid', (column) =>
      column.references('user_credit_subscriptions.id').onDelete('set null'),
    )
    .addColumn('function', 'text')
    .addColumn('device_model', 'text')
    .addColumn('result', 'text', (column) => column.check(sql`result in ('succeeded', 'failed')`))
    // Unique: a use is refunded at most once, however many writers try at the same time.
    .addColumn('refund_of', 'bigint', (column) => column.references('credit_ledger.id').unique())
    .addColumn('refund_conversation_id', 'uuid', (column) =>
      column.references('conversations.id').onDelete('set null'),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  // The newest-first page of one user, filtered or not, and the balance at a given time.
  await sql`create index credit_ledger_user_created_idx on credit_ledger (user_id, created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_ledger').execute();
  await db.schema.dropTable('credit_balances').execute();
}
