import { type Kysely, sql } from 'kysely';

/**
 * The supported-models list (issue 19 item 2): models with their codes, and per model the
 * functions each product provides at its credit cost. Only `models import` writes it.
 *
 * Searching needs a code found by any part ("A525" finds SM-A525F) and a name's words by their
 * start, at 100,000 models, on PGlite as on PostgreSQL. pg_trgm is no part of PGlite's core (an
 * add-on bundle each start would have to load) and would need `create extension` rights on a
 * deployment's server, so the search vector holds every suffix of each code (letters and digits
 * only, lower case) beside the brand's and name's words: a prefix query on suffixes is a
 * containment query on the code, and GIN answers prefix queries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function supported_models_search(brand text, name text, codes text[]) returns tsvector
    language sql immutable parallel safe as $$
      select array_to_tsvector(array(
        select distinct lexeme from (
          select word as lexeme from regexp_split_to_table(lower(brand || ' ' || name), '[^a-z0-9]+') word
          union all
          select substr(code_key, start)
            from unnest(codes) code
            cross join lateral (select regexp_replace(lower(code), '[^a-z0-9]+', '', 'g') as code_key) normalized
            cross join lateral generate_series(1, length(code_key)) start
        ) lexemes
        where lexeme <> ''
      ))
    $$`.execute(db);

  await db.schema
    .createTable('supported_models')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('brand', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('codes', sql`text[]`, (column) => column.notNull())
    .addColumn('search', sql`tsvector`, (column) =>
      column.generatedAlwaysAs(sql`supported_models_search(brand, name, codes)`).stored(),
    )
    .execute();
  // A model is its brand and name in any case; also the listing's order, within a brand or not.
  await sql`create unique index supported_models_brand_name_key on supported_models (lower(brand), lower(name))`.execute(
    db,
  );
  // No pending list: GIN merges it only on vacuum, which the embedded database never runs.
  await sql`create index supported_models_search_idx on supported_models using gin (search) with (fastupdate = off)`.execute(
    db,
  );
  // The import's check that a code does not already belong to another model.
  await sql`create index supported_models_codes_idx on supported_models using gin (codes) with (fastupdate = off)`.execute(
    db,
  );

  await db.schema
    .createTable('supported_model_functions')
    .addColumn('model_id', 'bigint', (column) =>
      column.notNull().references('supported_models.id').onDelete('cascade'),
    )
    .addColumn('function', 'text', (column) => column.notNull())
    .addColumn('product_id', 'text', (column) => column.notNull().references('products.id'))
    .addColumn('credits', 'integer', (column) => column.notNull().check(sql`credits >= 0`))
    .addColumn('note', 'text', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('supported_model_functions_pkey', ['model_id', 'function', 'product_id'])
    .execute();
  await db.schema
    .createIndex('supported_model_functions_product_idx')
    .on('supported_model_functions')
    .column('product_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('supported_model_functions').execute();
  await db.schema.dropTable('supported_models').execute();
  await sql`drop function supported_models_search(text, text, text[])`.execute(db);
}
