import { type Kysely, sql } from 'kysely';

/**
 * Issue 19: a credits ledger use can name the technician's customer and the customer's device it
 * was for (item 8), and a credit pack's end takes its unused credits off the balance once (item 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // What the ledger's composite key below points at: a customer together with its owner.
  await sql`alter table customers add constraint customers_id_user_key unique (id, user_id)`.execute(db);
  await db.schema
    .alterTable('credit_ledger')
    .addColumn('customer_id', 'uuid')
    .addColumn('customer_device', 'text', (column) =>
      column.check(sql`char_length(customer_device) between 1 and 100`),
    )
    .addColumn('pack_ended_at', 'timestamptz')
    .execute();
  // The customer must be the row's own user's: the database refuses another technician's customer
  // whatever a writer forgets. Deleting the customer clears the link and keeps the row (and its
  // device), as the ledger is the record of credits spent.
  await sql`alter table credit_ledger
    add constraint credit_ledger_customer_fkey foreign key (customer_id, user_id)
      references customers (id, user_id) on delete set null (customer_id),
    add constraint credit_ledger_customer_use check (customer_id is null or kind = 'use')`.execute(db);
  // A customer's operations, newest first, from the index alone.
  await sql`create index credit_ledger_customer_idx
    on credit_ledger (user_id, customer_id, created_at desc, id desc) where customer_id is not null`.execute(
    db,
  );

  // One expiry per pack and end: two job runs, or two nodes, cannot take a pack's credits twice.
  await sql`update credit_ledger l set pack_ended_at = s.valid_until
    from user_credit_subscriptions s
    where l.kind = 'expiry' and l.subscription_id = s.id and s.valid_until is not null`.execute(db);
  await sql`create unique index credit_ledger_pack_expiry_key
    on credit_ledger (subscription_id, pack_ended_at) where kind = 'expiry'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index credit_ledger_pack_expiry_key`.execute(db);
  await db.schema
    .alterTable('credit_ledger')
    .dropColumn('customer_id')
    .dropColumn('customer_device')
    .dropColumn('pack_ended_at')
    .execute();
  await sql`alter table customers drop constraint customers_id_user_key`.execute(db);
}
