import { type Kysely, sql } from 'kysely';

/**
 * The mail outbox: a request's transaction writes its e-mails as rows and a sender delivers them
 * after the commit, so no transaction (and, on PGlite, no request) ever waits for an SMTP server.
 * `next_attempt_at` is both the retry time and the claim's lease: a sender that claims a row moves
 * it into the future, so a sender that dies mid-delivery leaves a row that becomes due again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    // The template input with its language; emptied once sent, as it may hold a link or a password.
    .addColumn('content', 'jsonb')
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .execute();
  await sql`create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
