import { type Kysely, sql } from 'kysely';

/**
 * The customer book: each technician's own customers (`customers`), and one counter row per
 * technician (`customer_counters`) so the list's total and the per-account cap are one key lookup
 * at 100,000 customers. Statement-level triggers keep the counter right for every writer (API, seed),
 * as the notification counters do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull().check(sql`type in ('business', 'individual')`))
    .addColumn('company', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('email', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('phone', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('active', 'suspended')`),
    )
    .addColumn('notes', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // The newest-first page, and a search, read only the one technician's rows from this index.
  await sql`create index customers_user_created_idx
    on customers (user_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('customer_counters')
    .addColumn('user_id', 'uuid', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('total', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await sql`create function customer_counters_after_insert() returns trigger language plpgsql as $$
    begin
      insert into customer_counters as c (user_id, total)
        select user_id, count(*) from new_rows group by user_id
        on conflict (user_id) do update set total = c.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`create function customer_counters_after_delete() returns trigger language plpgsql as $$
    begin
      update customer_counters c set total = c.total - d.total
        from (select user_id, count(*) as total from old_rows group by user_id) d
        where c.user_id = d.user_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger customer_counters_insert after insert on customers
    referencing new table as new_rows
    for each statement execute function customer_counters_after_insert()`.execute(db);
  await sql`create trigger customer_counters_delete after delete on customers
    referencing old table as old_rows
    for each statement execute function customer_counters_after_delete()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customer_counters').execute();
  await db.schema.dropTable('customers').execute();
  await sql`drop function customer_counters_after_insert()`.execute(db);
  await sql`drop function customer_counters_after_delete()`.execute(db);
}
