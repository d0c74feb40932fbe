import { type Kysely, sql } from 'kysely';

/** Conversations with support, their messages (the spec's "threads") and uploaded attachments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('category', 'text')
    .addColumn('device_model', 'text')
    .addColumn('user_unread', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // The list: one user's conversations, newest activity first.
  await db.schema
    .createIndex('conversations_user_last_message_idx')
    .on('conversations')
    .columns(['user_id', 'last_message_at', 'id'])
    .execute();

  await db.schema
    .createTable('threads')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('conversation_id', 'uuid', (column) =>
      column.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('threads_conversation_created_idx')
    .on('threads')
    .columns(['conversation_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('attachments')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    // Null until the message it was uploaded for is sent.
    .addColumn('thread_id', 'uuid', (column) => column.references('threads.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('attachments_thread_idx').on('attachments').column('thread_id').execute();
  await db.schema
    .createIndex('attachments_user_unsent_idx')
    .on('attachments')
    .columns(['user_id', 'created_at'])
    .where(sql.ref('thread_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attachments').execute();
  await db.schema.dropTable('threads').execute();
  await db.schema.dropTable('conversations').execute();
}
