import { type Kysely, sql } from 'kysely';

/**
 * Watch lists (issue 19 item 5): a technician watches a firmware model (brand and model) or a tool
 * (its soft); `publish` records each new matching package once per watch (`watch_packages`, in the
 * publish transaction, its key the guarantee of one notification), and the daily digest records
 * each user's day once (`watch_digests`). Names match as the catalogue's do: in any case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('watch_digest_emails', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  // Where a notification leads (a path in the portal), for those that are about one page.
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute();

  await db.schema
    .createTable('watches')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('model', 'tool')`))
    .addColumn('brand', 'text')
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('watches_brand_of_models_only', sql`(kind = 'model') = (brand is not null)`)
    .execute();
  // One watch per user and target, whatever the case it was typed in.
  await sql`create unique index watches_user_target_key
    on watches (user_id, kind, lower(coalesce(brand, '')), lower(name))`.execute(db);
  // What a publish looks up: everyone watching this model or tool.
  await sql`create index watches_target_idx
    on watches (kind, lower(coalesce(brand, '')), lower(name))`.execute(db);
  await sql`create index watches_user_created_idx
    on watches (user_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('watch_packages')
    .addColumn('watch_id', 'uuid', (column) => column.notNull().references('watches.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (column) =>
      column.notNull().references('catalogue_files.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('published_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('watch_packages_pkey', ['watch_id', 'package_id'])
    .execute();
  await sql`create index watch_packages_package_idx on watch_packages (package_id)`.execute(db);
  // The digest reads one day of every user's new packages.
  await sql`create index watch_packages_published_idx on watch_packages (published_at, user_id)`.execute(db);

  await db.schema
    .createTable('watch_digests')
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (column) => column.notNull())
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('watch_digests_pkey', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watch_digests').execute();
  await db.schema.dropTable('watch_packages').execute();
  await db.schema.dropTable('watches').execute();
  await db.schema.alterTable('notifications').dropColumn('link').execute();
  await db.schema.alterTable('users').dropColumn('watch_digest_emails').execute();
}
