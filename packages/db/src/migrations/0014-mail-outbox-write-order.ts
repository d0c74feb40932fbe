import { type Kysely, sql } from 'kysely';

/**
 * The order a recipient's mails were written in. `created_at` cannot tell it: two mails of one
 * transaction share its `now()`, and two quick ones share a JavaScript millisecond. Rows written
 * before this migration get numbers in no particular order; they were sent long ago.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column write_order bigint generated always as identity`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('write_order').execute();
}
