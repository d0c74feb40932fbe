import { type Kysely, sql } from 'kysely';

/**
 * Notifications: one row per message (`notifications`), one row per recipient
 * (`notification_to_users`, what a user lists, reads and deletes) and one counter row per user
 * (`notification_counters`) so the bell's unread count and the list's total are one key lookup,
 * whatever the number of notifications. Statement-level triggers keep the counters right for every
 * writer (API, operator command, seed), in one set-based update per statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notification_to_users')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('notification_id', 'bigint', (column) =>
      column.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    // A copy of the notification's time, so the newest-first page is read from one index.
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await sql`create index notification_to_users_user_created_idx
    on notification_to_users (user_id, created_at desc, id desc)`.execute(db);
  // Mark-all-read touches only the unread rows of one user.
  await sql`create index notification_to_users_user_unread_idx
    on notification_to_users (user_id) where read_at is null`.execute(db);
  await db.schema
    .createIndex('notification_to_users_notification_idx')
    .on('notification_to_users')
    .column('notification_id')
    .execute();

  await db.schema
    .createTable('notification_counters')
    .addColumn('user_id', 'uuid', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('total', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('unread', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  // One function per event: a trigger with transition tables may serve only one event.
  await sql`create function notification_counters_after_insert() returns trigger language plpgsql as $$
    begin
      insert into notification_counters as c (user_id, total, unread)
        select user_id, count(*), count(*) filter (where read_at is null) from new_rows group by user_id
        on conflict (user_id) do update
          set total = c.total + excluded.total, unread = c.unread + excluded.unread;
      return null;
    end $$`.execute(db);
  await sql`create function notification_counters_after_update() returns trigger language plpgsql as $$
    begin
      update notification_counters c set unread = c.unread + d.delta
        from (
          select n.user_id, sum((n.read_at is null)::int - (o.read_at is null)::int) as delta
            from new_rows n join old_rows o on o.id = n.id
            group by n.user_id
        ) d
        where c.user_id = d.user_id and d.delta <> 0;
      return null;
    end $$`.execute(db);
  await sql`create function notification_counters_after_delete() returns trigger language plpgsql as $$
    begin
      update notification_counters c
        set total = c.total - d.total, unread = c.unread - d.unread
        from (
          select user_id, count(*) as total, count(*) filter (where read_at is null) as unread
            from old_rows group by user_id
        ) d
        where c.user_id = d.user_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger notification_counters_insert after insert on notification_to_users
    referencing new table as new_rows
    for each statement execute function notification_counters_after_insert()`.execute(db);
  await sql`create trigger notification_counters_update after update on notification_to_users
    referencing old table as old_rows new table as new_rows
    for each statement execute function notification_counters_after_update()`.execute(db);
  await sql`create trigger notification_counters_delete after delete on notification_to_users
    referencing old table as old_rows
    for each statement execute function notification_counters_after_delete()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_counters').execute();
  await db.schema.dropTable('notification_to_users').execute();
  await db.schema.dropTable('notifications').execute();
  await sql`drop function notification_counters_after_insert()`.execute(db);
  await sql`drop function notification_counters_after_update()`.execute(db);
  await sql`drop function notification_counters_after_delete()`.execute(db);
}
