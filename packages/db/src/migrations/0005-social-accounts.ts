import { type Kysely, sql } from 'kysely';

/** Google and Facebook identities linked to accounts (spec §4 "Social login"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_accounts')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (column) =>
      column.notNull().check(sql`provider in ('google', 'facebook')`),
    )
    // The provider's stable user id (Google `sub`, Facebook app-scoped id), never the e-mail.
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('social_accounts_provider_subject_key', ['provider', 'subject'])
    .addUniqueConstraint('social_accounts_user_provider_key', ['user_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_accounts').execute();
}
