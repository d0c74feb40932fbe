import type { CatalogueFile, SearchHit } from '@benchside/contracts/catalogue';
import type { PagingQuery } from '@benchside/contracts/common';
import type { Language } from '@benchside/contracts/languages';
import type { Database } from '@benchside/db/database';
import { pageWindow } from '@benchside/db/page-window';
import {
  matchesOwnOrFallback,
  ownAndFallbackQueries,
  queryForText,
} from '@benchside/server/knowledge-base/language-fallback';
import { toPrefixQuery } from '@benchside/server/search-text';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';

/** The catalogue's reads: the files tree, brands and models, softs, and the post-search. */

type FilesWhere = (eb: ExpressionBuilder<Database, 'catalogue_files'>) => Expression<SqlBool>;

export interface Page<T> {
  member: T[];
  totalItems: number;
}

/** Folders, unrestricted packages, and restricted ones whose soft the user was granted. */
export function entitledSql(userId: string) {
  return sql<boolean>`(catalogue_files.is_dir or not catalogue_files.restricted or exists (select 1 from catalogue_grants where catalogue_grants.user_id = ${userId} and catalogue_grants.soft = catalogue_files.soft))`;
}

function selectFiles(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('catalogue_files')
    .select([
      'id',
      'file',
      'is_dir',
      'parent_id',
      'size',
      'created_at',
      'kind',
      'brand',
      'model',
      'soft',
      'version',
      entitledSql(userId).as('entitled'),
    ]);
}

type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['executeTakeFirstOrThrow']>>;

function toFile(row: FileRow): CatalogueFile {
  return {
    id: row.id,
    file: row.file,
    isDir: row.is_dir,
    parent: row.parent_id,
    size: row.is_dir ? null : Number(row.size ?? 0),
    date: row.created_at.toISOString(),
    kind: row.kind,
    brand: row.brand,
    model: row.model,
    soft: row.soft,
    version: row.version,
    entitled: row.entitled,
  };
}

/**
 * One page of the tree, directories first, then by name, with the total counted in the same
 * statement (a second round trip would queue behind other requests on the embedded database).
 */
async function listFiles(
  db: Kysely<Database>,
  userId: string,
  where: FilesWhere,
  paging: PagingQuery,
): Promise<Page<CatalogueFile>> {
  const window = pageWindow(paging.page, paging.itemsPerPage);
  const rows = await selectFiles(db, userId)
    .select(sql<number>`count(*) over ()`.as('total'))
    .where(where)
    .orderBy('is_dir', 'desc')
    .orderBy(sql`lower(file)`)
    .orderBy('file')
    .orderBy('id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const first = rows[0];
  if (first) return { member: rows.map(toFile), totalItems: Number(first.total) };
  // A page past the end has no row to carry the total.
  if (paging.page === 1) return { member: [], totalItems: 0 };
  const total = await db
    .selectFrom('catalogue_files')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(where)
    .executeTakeFirstOrThrow();
  return { member: [], totalItems: Number(total.total) };
}

/**
 * The name search: every word a prefix, all required. A search text with no word matches nothing
 * rather than everything.
 */
function nameMatches(text: string): Expression<SqlBool> {
  const query = toPrefixQuery(text, { prefix: 'every', fold: 'lowercase' });
  return query === null
    ? sql<SqlBool>`false`
    : sql<SqlBool>`catalogue_files.search @@ to_tsquery('simple', ${query})`;
}

/** The firmwares of a brand and/or model, optionally narrowed by a name search. */
export function listFirmwares(
  db: Kysely<Database>,
  userId: string,
  filter: { brand: string | undefined; model: string | undefined; file: string | undefined },
  paging: PagingQuery,
): Promise<Page<CatalogueFile>> {
  const { brand, model, file } = filter;
  return listFiles(
    db,
    userId,
    (eb) =>
      eb.and([
        eb('kind', '=', 'firmware'),
        ...(brand === undefined ? [] : [eb('brand', '=', brand)]),
        ...(model === undefined ? [] : [eb('model', '=', model)]),
        ...(file ? [nameMatches(file)] : []),
      ]),
    paging,
  );
}

/** Every file or folder of the tree whose name matches the search text. */
export function searchFilesByName(
  db: Kysely<Database>,
  userId: string,
  file: string,
  paging: PagingQuery,
): Promise<Page<CatalogueFile>> {
  return listFiles(db, userId, (eb) => eb.and([nameMatches(file)]), paging);
}

/** A folder's content, or the root's without `parent`. */
export function listFolder(
  db: Kysely<Database>,
  userId: string,
  parent: number | undefined,
  paging: PagingQuery,
): Promise<Page<CatalogueFile>> {
  return listFiles(
    db,
    userId,
    (eb) => (parent === undefined ? eb('parent_id', 'is', null) : eb('parent_id', '=', parent)),
    paging,
  );
}

/** A folder and its ancestors, root first, for breadcrumbs; null when `id` is no folder. */
export async function folderPath(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; file: string }[] | null> {
  const chain = await sql<{ id: number; file: string; is_dir: boolean }>`
    with recursive chain (id, file, is_dir, parent_id, depth) as (
      select id, file, is_dir, parent_id, 0 from catalogue_files where id = ${id}
      union all
      select f.id, f.file, f.is_dir, f.parent_id, chain.depth + 1
      from catalogue_files f join chain on f.id = chain.parent_id
    )
    select id, file, is_dir from chain order by depth desc`.execute(db);
  if (chain.rows.at(-1)?.is_dir !== true) return null;
  return chain.rows.map(({ id, file }) => ({ id, file }));
}

/** A package (never a folder) with what its download link needs and whether the user may have it. */
export function findPackage(db: Kysely<Database>, userId: string, id: number) {
  return selectFiles(db, userId)
    .select(['storage_name', 'sha256', 'info_hash', 'restricted'])
    .where('id', '=', id)
    .where('is_dir', '=', false)
    .executeTakeFirst();
}

/** Every brand with its model count (kept by the catalogue_models triggers), by name. */
export async function listBrands(db: Kysely<Database>): Promise<{ brand: string; models: number }[]> {
  return db
    .selectFrom('catalogue_brands')
    .select(['brand', 'models'])
    .orderBy(sql`lower(brand)`)
    .orderBy('brand')
    .execute();
}

export interface CatalogueModel {
  brand: string;
  model: string;
  softs: string[];
}

/** A brand's models, or the models whose name holds `model`, by name, with their total. */
export async function listModels(
  db: Kysely<Database>,
  filter: { brand: string | undefined; model: string | undefined },
  paging: PagingQuery,
): Promise<Page<CatalogueModel>> {
  const { brand, model } = filter;
  const window = pageWindow(paging.page, paging.itemsPerPage);
  const models = db
    .selectFrom('catalogue_models')
    .$if(brand !== undefined, (query) => query.where('brand', '=', brand ?? ''))
    .$if(model !== undefined, (query) =>
      query.where(sql<SqlBool>`strpos(lower(model), lower(${model ?? ''})) > 0`),
    );
  const [rows, total] = await Promise.all([
    models
      .select(['brand', 'model', 'softs'])
      .orderBy(sql`lower(model)`)
      .orderBy('model')
      .orderBy('brand')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    // A brand's model count is kept with the brand; a name search counts its matches.
    model === undefined && brand !== undefined
      ? db
          .selectFrom('catalogue_brands')
          .select('models as total')
          .where('brand', '=', brand)
          .executeTakeFirst()
      : models.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { member: rows, totalItems: Number(total?.total ?? 0) };
}

/** The tools the user may use, each at its newest version (in no particular order of names). */
export function listNewestSofts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('catalogue_files')
    .distinctOn('soft')
    .select(['id', 'file', 'soft', 'version', 'size', 'created_at'])
    .where('kind', '=', 'tool')
    .where(entitledSql(userId))
    .orderBy('soft')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A post-search row: the hit, and the file's columns when it is a catalogue row (else nulls). */
type SearchRow = {
  source: 'catalogue' | 'article';
  rank: number;
  title: string;
  total: number;
  slug: string | null;
  category: string | null;
  language: string | null;
} & { [K in keyof FileRow]: FileRow[K] | null };

function fileOf(row: SearchRow): CatalogueFile | null {
  const { id, file, is_dir, created_at, entitled } = row;
  // Null only on an article row: the left join finds no file there.
  if (id === null || file === null || is_dir === null || created_at === null || entitled === null)
    return null;
  return toFile({ ...row, id, file, is_dir, created_at, entitled });
}

export interface PostSearch {
  userId: string;
  /** `to_tsquery` texts: the catalogue's names, and the articles' titles (weight A). */
  catalogueQuery: string;
  titleQuery: string;
  language: Language;
  withArticles: boolean;
}

/** One page of the catalogue's and (with `withArticles`) the knowledge base's hits, best first. */
export async function searchCatalogueAndArticles(
  db: Kysely<Database>,
  search: PostSearch,
  paging: PagingQuery,
): Promise<Page<SearchHit>> {
  const { page, itemsPerPage } = paging;
  const window = pageWindow(page, itemsPerPage);
  const hits = searchHitsSql(search);
  // One statement for the page, its total and what each hit needs: under load every round
  // trip to the (embedded, single-connection) database is queued behind the others.
  const rows = await sql<SearchRow>`
  ${hits},
  page as (
    select source, file_id, text_id, rank, title, count(*) over () as total from hits
    order by rank desc, lower(title), title, source, file_id, text_id
    limit ${window.limit} offset ${window.offset}
  )
  select page.source, page.rank, page.title, page.total,
    catalogue_files.id, catalogue_files.file, catalogue_files.is_dir, catalogue_files.parent_id,
    catalogue_files.size, catalogue_files.created_at, catalogue_files.kind, catalogue_files.brand,
    catalogue_files.model, catalogue_files.soft, catalogue_files.version,
    ${entitledSql(search.userId)} as entitled,
    kb_articles.slug, kb_categories.slug as category, kb_article_texts.language
  from page
  left join catalogue_files on catalogue_files.id = page.file_id
  left join kb_article_texts on kb_article_texts.id = page.text_id
  left join kb_articles on kb_articles.id = kb_article_texts.article_id
  left join kb_categories on kb_categories.id = kb_articles.category_id
  order by page.rank desc, lower(page.title), page.title, page.source, page.file_id, page.text_id`.execute(
    db,
  );
  const member = rows.rows.flatMap((row): SearchHit[] => {
    const rank = Number(row.rank);
    if (row.source === 'article') {
      const { slug, category, language: textLanguage } = row;
      if (slug === null || category === null || textLanguage === null) return [];
      return [
        { kind: 'article', title: row.title, rank, article: { slug, category, language: textLanguage } },
      ];
    }
    const file = fileOf(row);
    return file
      ? [{ kind: file.isDir ? 'folder' : (file.kind ?? 'file'), title: row.title, rank, file }]
      : [];
  });
  const first = rows.rows[0];
  if (first) return { member, totalItems: Number(first.total) };
  // A page past the end has no row to carry the total.
  if (page === 1) return { member, totalItems: 0 };
  const total = await sql<{ total: number }>`${hits} select count(*) as total from hits`.execute(db);
  return { member, totalItems: Number(total.rows[0]?.total ?? 0) };
}

/**
 * The matches of both sources as one `hits` relation `(source, file_id, text_id, rank, title)`, so they are
 * ranked and paged together. Both ranks are `ts_rank` with 0.1 per matching word occurrence: the
 * catalogue's vector is unweighted (D, 0.1 by default), and the article's title words (weight A)
 * count 0.1 while its body (B) counts nothing. An article is matched in the reader's language, or
 * in English when it has no text in that language (as the support service's `/kb/search` does).
 */
function searchHitsSql(search: PostSearch) {
  const { catalogueQuery, titleQuery, language, withArticles } = search;
  // The query is written out, not taken from `q`: only a value known when the statement starts can
  // be an index condition, and a join to `q` scanned every name of a large catalogue.
  const catalogueTsQuery = sql`to_tsquery('simple', ${catalogueQuery})`;
  const catalogue = sql`
    select 'catalogue' as source, f.id as file_id, null::uuid as text_id, ts_rank(f.search, ${catalogueTsQuery}) as rank,
      f.file as title
    from catalogue_files f where f.search @@ ${catalogueTsQuery}`;
  const articles = sql`
    union all
    select 'article', null, t.id,
      ts_rank('{0, 0, 0, 0.1}', t.search_vector, ${queryForText(language)}),
      t.title
    from kb_article_texts t, q
    where ${matchesOwnOrFallback(language)}`;
  return sql`
    with q as (${ownAndFallbackQueries(language, titleQuery)}),
    hits as (${catalogue} ${withArticles ? articles : sql``})`;
}
