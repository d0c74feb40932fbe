import { type Kysely, sql } from 'kysely';

/**
 * The number of each user's ledger rows beside the balance, kept by statement-level triggers for
 * every writer (the one movement writer, the seed, bulk fills), as the customer and notification
 * counters are: the unfiltered ledger's total is then one key lookup, not a count of up to
 * 100,000 rows on every page, and a page past the middle can be read from the oldest end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('credit_balances')
    .addColumn('movements', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`insert into credit_balances as b (user_id, movements)
    select user_id, count(*) from credit_ledger group by user_id
    on conflict (user_id) do update set movements = excluded.movements`.execute(db);

  await sql`create function credit_movements_after_insert() returns trigger language plpgsql as $$
    begin
      insert into credit_balances as b (user_id, movements)
        select user_id, count(*) from new_rows group by user_id
        on conflict (user_id) do update set movements = b.movements + excluded.movements;
      return null;
    end $$`.execute(db);
  await sql`create function credit_movements_after_delete() returns trigger language plpgsql as $$
    begin
      update credit_balances b set movements = b.movements - d.movements
        from (select user_id, count(*) as movements from old_rows group by user_id) d
        where b.user_id = d.user_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger credit_movements_insert after insert on credit_ledger
    referencing new table as new_rows
    for each statement execute function credit_movements_after_insert()`.execute(db);
  await sql`create trigger credit_movements_delete after delete on credit_ledger
    referencing old table as old_rows
    for each statement execute function credit_movements_after_delete()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger credit_movements_delete on credit_ledger`.execute(db);
  await sql`drop trigger credit_movements_insert on credit_ledger`.execute(db);
  await sql`drop function credit_movements_after_delete()`.execute(db);
  await sql`drop function credit_movements_after_insert()`.execute(db);
  await db.schema.alterTable('credit_balances').dropColumn('movements').execute();
}
