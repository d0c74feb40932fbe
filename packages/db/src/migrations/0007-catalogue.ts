import { type Kysely, sql } from 'kysely';

/**
 * The catalogue: one tree of folders and published packages (firmwares, tools, files), who may
 * download restricted packages, and the key that signs download links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_files')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('parent_id', 'integer', (column) =>
      column.references('catalogue_files.id').onDelete('cascade'),
    )
    .addColumn('file', 'text', (column) => column.notNull())
    .addColumn('is_dir', 'boolean', (column) => column.notNull())
    // Packages only (null on folders): what it is, the names it is found by, and its stored bytes.
    .addColumn('kind', 'text')
    .addColumn('brand', 'text')
    .addColumn('model', 'text')
    .addColumn('soft', 'text')
    .addColumn('version', 'text')
    .addColumn('size', 'bigint')
    .addColumn('sha256', 'text')
    .addColumn('info_hash', 'text')
    /** Unique file name on the downloads host (`/dl/<storage_name>`, `/dl/<storage_name>.torrent`). */
    .addColumn('storage_name', 'text', (column) => column.unique())
    .addColumn('restricted', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    // Words of the name, brand, model and soft with punctuation as spaces, so "G991" finds "SM-G991B_fw.bin".
    .addColumn('search', sql`tsvector`, (column) =>
      column
        .generatedAlwaysAs(
          sql`to_tsvector('simple', regexp_replace(file || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '') || ' ' || coalesce(soft, ''), '[^[:alnum:]]+', ' ', 'g'))`,
        )
        .stored(),
    )
    .execute();
  // A folder holds each name once; the root is parent 0 here because NULLs never collide.
  await sql`create unique index catalogue_files_parent_file_idx on catalogue_files (coalesce(parent_id, 0), file)`.execute(
    db,
  );
  await sql`create index catalogue_files_listing_idx on catalogue_files (parent_id, is_dir desc, file)`.execute(
    db,
  );
  await db.schema
    .createIndex('catalogue_files_brand_model_idx')
    .on('catalogue_files')
    .columns(['brand', 'model', 'file'])
    .execute();
  await db.schema
    .createIndex('catalogue_files_soft_idx')
    .on('catalogue_files')
    .columns(['kind', 'soft'])
    .execute();
  await sql`create index catalogue_files_search_idx on catalogue_files using gin (search)`.execute(db);

  // Which users may download the restricted packages of a soft (a product they hold).
  await db.schema
    .createTable('catalogue_grants')
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('soft', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('catalogue_grants_pk', ['user_id', 'soft'])
    .execute();

  // One row: every API instance signs and checks links with the same key.
  await db.schema
    .createTable('catalogue_link_keys')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('secret', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('catalogue_link_keys').execute();
  await db.schema.dropTable('catalogue_grants').execute();
  await db.schema.dropTable('catalogue_files').execute();
}
