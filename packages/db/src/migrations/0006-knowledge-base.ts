import { type Kysely, sql } from 'kysely';

/**
 * The support service's knowledge base: categories, articles and each article's text per language,
 * with a full-text index over title (weight A) and body (weight B).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One place maps our languages to PostgreSQL's text search configurations; Chinese and Japanese
  // have no stemmer in PostgreSQL, so they are split on spaces and punctuation only ('simple').
  await sql`
    create function kb_search_config(lang text) returns regconfig
    language sql immutable parallel safe
    as $$
      select case lang
        when 'en' then 'english'::regconfig
        when 'de' then 'german'::regconfig
        when 'fr' then 'french'::regconfig
        when 'es' then 'spanish'::regconfig
        else 'simple'::regconfig
      end
    $$
  `.execute(db);

  await db.schema
    .createTable('kb_categories')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    // Language code → name; English is always there and is the fallback.
    .addColumn('names', 'jsonb', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('kb_articles')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('category_id', 'uuid', (column) =>
      column.notNull().references('kb_categories.id').onDelete('restrict'),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('kb_articles_category_idx').on('kb_articles').column('category_id').execute();

  await db.schema
    .createTable('kb_article_texts')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('article_id', 'uuid', (column) =>
      column.notNull().references('kb_articles.id').onDelete('cascade'),
    )
    .addColumn('language', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('body_markdown', 'text', (column) => column.notNull())
    // Rendered once at write time by a renderer that escapes raw HTML (packages/server/src/knowledge-base/markdown.ts).
    .addColumn('body_html', 'text', (column) => column.notNull())
    // The body's words without markup: what is indexed and what search snippets are cut from.
    .addColumn('body_text', 'text', (column) => column.notNull())
    .addColumn('search_vector', sql`tsvector`, (column) =>
      column
        .generatedAlwaysAs(
          sql`setweight(to_tsvector(kb_search_config(language), title), 'A') || setweight(to_tsvector(kb_search_config(language), body_text), 'B')`,
        )
        .stored(),
    )
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('kb_article_texts_article_language_key', ['article_id', 'language'])
    .execute();
  await sql`create index kb_article_texts_search_idx on kb_article_texts using gin (search_vector)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kb_article_texts').execute();
  await db.schema.dropTable('kb_articles').execute();
  await db.schema.dropTable('kb_categories').execute();
  await sql`drop function kb_search_config(text)`.execute(db);
}
