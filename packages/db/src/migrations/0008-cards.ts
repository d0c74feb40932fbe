import { type Kysely, sql } from 'kysely';

/** Cards, their logs and licences, the product catalogue, credentials, credits and tokens. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('serial', 'text', (column) => column.notNull().unique())
    .addColumn('firmware_version', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('active'))
    .addColumn('user_id', 'uuid', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('cards_user_idx').on('cards').columns(['user_id', 'assigned_at']).execute();

  // Single use of a validation's nonce: the primary key is the check (see card-validation.ts).
  await db.schema
    .createTable('card_validations')
    .addColumn('serial', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('accepted_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('card_validations_pkey', ['serial', 'nonce'])
    .execute();
  await db.schema
    .createIndex('card_validations_accepted_at_idx')
    .on('card_validations')
    .column('accepted_at')
    .execute();

  await db.schema
    .createTable('card_assigned_logs')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('card_id', 'uuid', (column) => column.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('card_assigned_logs_user_idx')
    .on('card_assigned_logs')
    .columns(['user_id', 'at'])
    .execute();

  // `user_id` is the owner when it happened: a card's next owner never reads the previous one's log.
  await db.schema
    .createTable('card_logs')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('card_id', 'uuid', (column) => column.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('detail', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('card_logs_card_user_idx')
    .on('card_logs')
    .columns(['card_id', 'user_id', 'at'])
    .execute();

  await db.schema
    .createTable('card_products')
    .addColumn('card_id', 'uuid', (column) => column.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (column) => column.notNull().references('products.id'))
    .addColumn('granted_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('activated_at', 'timestamptz')
    .addPrimaryKeyConstraint('card_products_pkey', ['card_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('card_downloads')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('card_id', 'uuid', (column) => column.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('size', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('date', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('card_downloads_card_user_idx')
    .on('card_downloads')
    .columns(['card_id', 'user_id', 'date'])
    .execute();

  await db.schema
    .createTable('user_crds')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'uuid', (column) => column.references('cards.id').onDelete('set null'))
    .addColumn('login', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('user_crds_user_idx')
    .on('user_crds')
    .columns(['user_id', 'login_at'])
    .execute();

  await db.schema
    .createTable('user_crd_sessions')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_crd_id', 'uuid', (column) =>
      column.notNull().references('user_crds.id').onDelete('cascade'),
    )
    .addColumn('machine', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('started_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('user_crd_sessions_crd_idx')
    .on('user_crd_sessions')
    .columns(['user_crd_id', 'ended_at'])
    .execute();

  await db.schema
    .createTable('user_crd_logs')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_crd_id', 'uuid', (column) =>
      column.notNull().references('user_crds.id').onDelete('cascade'),
    )
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('machine', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('user_crd_logs_crd_idx')
    .on('user_crd_logs')
    .columns(['user_crd_id', 'at'])
    .execute();

  await db.schema
    .createTable('user_credit_subscriptions')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (column) => column.references('products.id'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('used', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('valid_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('user_credit_subscriptions_user_idx')
    .on('user_credit_subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('token_events')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_crd_id', 'uuid', (column) =>
      column.notNull().references('user_crds.id').onDelete('cascade'),
    )
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('machine', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('token_events_crd_idx')
    .on('token_events')
    .columns(['user_crd_id', 'at'])
    .execute();

  await db.schema
    .createTable('token_fingerprints')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_crd_id', 'uuid', (column) =>
      column.notNull().references('user_crds.id').onDelete('cascade'),
    )
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('machine', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('first_seen_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('token_fingerprints_crd_fingerprint_key', ['user_crd_id', 'fingerprint'])
    .execute();

  await db.schema
    .createTable('third_party_software_tokens')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_crd_id', 'uuid', (column) =>
      column.notNull().references('user_crds.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('active', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('third_party_software_tokens_crd_idx')
    .on('third_party_software_tokens')
    .columns(['user_crd_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'third_party_software_tokens',
    'token_fingerprints',
    'token_events',
    'user_credit_subscriptions',
    'user_crd_logs',
    'user_crd_sessions',
    'user_crds',
    'card_downloads',
    'card_products',
    'card_logs',
    'card_assigned_logs',
    'card_validations',
    'cards',
    'products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
