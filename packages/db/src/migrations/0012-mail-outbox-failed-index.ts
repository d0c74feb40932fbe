import { type Kysely, sql } from 'kysely';

/**
 * `/metrics` counts the outbox's failed rows at every scrape. Sent rows are kept, so without an
 * index of its own that count would read the whole table; the pending count has the due index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index mail_outbox_failed_idx on mail_outbox (failed_at) where status = 'failed'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mail_outbox_failed_idx`.execute(db);
}
