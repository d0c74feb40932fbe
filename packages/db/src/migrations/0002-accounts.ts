import { type Kysely, sql } from 'kysely';

/** Profile fields, e-mailed tokens and codes, the login history, device ids and rate-limit counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('company', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('phone', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('country', 'text', (column) => column.notNull().defaultTo(''))
    .execute();

  // The token hash is the session's secret; the devices page needs a handle it may show.
  await db.schema
    .alterTable('sessions')
    .addColumn('id', 'uuid', (column) => column.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('code_hash', 'text')
    .addColumn('new_email', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user_kind_idx')
    .on('one_time_tokens')
    .columns(['user_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('one_time_tokens_expires_at_idx')
    .on('one_time_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('login_logs')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('login_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('success', 'boolean', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('login_logs_user_login_at_idx')
    .on('login_logs')
    .columns(['user_id', 'login_at'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('window_start', 'timestamptz', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_window_start_idx')
    .on('rate_limits')
    .column('window_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('login_logs').execute();
  await db.schema.dropTable('one_time_tokens').execute();
  await db.schema.alterTable('sessions').dropColumn('id').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('company')
    .dropColumn('phone')
    .dropColumn('country')
    .execute();
}
