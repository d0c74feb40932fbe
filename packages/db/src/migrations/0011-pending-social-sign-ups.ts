import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 item 1: a social sign-in whose address the user typed creates no account until the
 * mailed link is opened. Until then the provider identity waits on the verification token, which
 * has no user yet. A link may only belong to a verified account: links of unverified accounts
 * were made by the old flow without proof that the address was the caller's, so they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('one_time_tokens')
    .alterColumn('user_id', (column) => column.dropNotNull())
    .execute();
  await db.schema
    .alterTable('one_time_tokens')
    .addColumn('social_provider', 'text', (column) =>
      column.check(sql`social_provider in ('google', 'facebook')`),
    )
    .addColumn('social_subject', 'text')
    .addColumn('social_name', 'text')
    .execute();
  await db.schema
    .alterTable('one_time_tokens')
    .addCheckConstraint(
      'one_time_tokens_owner_check',
      sql`user_id is not null or (kind = 'verify_email' and social_provider is not null and social_subject is not null and new_email is not null)`,
    )
    .execute();
  await sql`delete from social_accounts where user_id in (select id from users where not is_verified)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from one_time_tokens where user_id is null`.execute(db);
  await db.schema.alterTable('one_time_tokens').dropConstraint('one_time_tokens_owner_check').execute();
  await db.schema
    .alterTable('one_time_tokens')
    .dropColumn('social_provider')
    .dropColumn('social_subject')
    .dropColumn('social_name')
    .execute();
  await db.schema
    .alterTable('one_time_tokens')
    .alterColumn('user_id', (column) => column.setNotNull())
    .execute();
}
