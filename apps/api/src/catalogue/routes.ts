import {
  brandsResponseSchema,
  type CatalogueFile,
  downloadLinkSchema,
  FILES_SOFT_NAME,
  fileIdParamsSchema,
  filesByParentQuerySchema,
  filesByParentResponseSchema,
  filesCollectionSchema,
  filesQuerySchema,
  modelsCollectionSchema,
  modelsQuerySchema,
  postSearchBodySchema,
  type SearchHit,
  searchResultsSchema,
  softsCollectionSchema,
} from '@benchside/contracts/catalogue';
import type { PagingQuery } from '@benchside/contracts/common';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@benchside/contracts/languages';
import type { Database } from '@benchside/db/database';
import { pageWindow } from '@benchside/db/page-window';
import { sharedReads } from '@benchside/server/batched-lookup';
import type { Config } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { ForbiddenError, NotFoundError } from '@benchside/server/errors';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { signedInUser } from '../account/profile-routes.ts';
import { type DownloadLinkSigner, TORRENT_LINK_TTL_MS } from './download-links.ts';

type FilesWhere = (eb: ExpressionBuilder<Database, 'catalogue_files'>) => Expression<SqlBool>;

export const FILE_NOT_FOUND_MESSAGE = 'The requested file is not found';
export const FILE_FORBIDDEN_MESSAGE = 'You do not have access to this file';

/** Folders, unrestricted packages, and restricted ones whose soft the user was granted. */
function entitledSql(userId: string) {
  return sql<boolean>`(catalogue_files.is_dir or not catalogue_files.restricted or exists (select 1 from catalogue_grants where catalogue_grants.user_id = ${userId} and catalogue_grants.soft = catalogue_files.soft))`;
}

/**
 * A search text as a prefix match on each of its words, all required: "g991 fw" finds
 * "SM-G991B_fw.bin". Only letters and digits reach `to_tsquery`, so its syntax cannot be injected.
 * `weights` (e.g. 'A') restricts every word to lexemes of those weights. Null when the text has no word at all.
 */
export function toPrefixQuery(text: string, weights = ''): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, 8);
  return words.length === 0 ? null : words.map((word) => `${word}:*${weights}`).join(' & ');
}

function matches(query: string): Expression<SqlBool> {
  return sql<SqlBool>`catalogue_files.search @@ to_tsquery('simple', ${query})`;
}

export interface CatalogueRoutesContext {
  config: Config;
  db: Kysely<Database>;
  signer: DownloadLinkSigner;
}

/** Spec §7 "Files, models, software": the tree, models and brands, softs, download links, search. */
export function registerCatalogueRoutes(app: App, { config, db, signer }: CatalogueRoutesContext): void {
  // Listings every technician opens (a search, the brands, a brand's models) are read once
  // per event-loop turn for all who ask the same; the key holds the user where entitlement shows.
  const sharedFiles = sharedReads<z.infer<typeof filesCollectionSchema>>();
  const sharedBrands = sharedReads<z.infer<typeof brandsResponseSchema>>();
  const sharedModels = sharedReads<z.infer<typeof modelsCollectionSchema>>();
  const sharedSearch = sharedReads<z.infer<typeof searchResultsSchema>>();
  const selectFiles = (userId: string) =>
    db
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
  type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['executeTakeFirstOrThrow']>>;
  const toFile = (row: FileRow): CatalogueFile => ({
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
  });

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
  const fileOf = (row: SearchRow): CatalogueFile | null => {
    const { id, file, is_dir, created_at, entitled } = row;
    // Null only on an article row: the left join finds no file there.
    if (id === null || file === null || is_dir === null || created_at === null || entitled === null)
      return null;
    return toFile({ ...row, id, file, is_dir, created_at, entitled });
  };

  /**
   * One page of the tree, directories first, then by name, with the total counted in the same
   * statement (a second round trip would queue behind other requests on the embedded database).
   */
  const listFiles = async (userId: string, where: FilesWhere, paging: PagingQuery) => {
    const window = pageWindow(paging.page, paging.itemsPerPage);
    const rows = await selectFiles(userId)
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
  };

  app.get(
    '/api/files',
    {
      preHandler: app.sessions.requireUser,
      schema: {
        tags: ['catalogue'],
        summary:
          'Search the files tree by name (`file`), list the firmwares of a `brand` (and `model`), or the root',
        security: [{ session: [] }],
        querystring: filesQuerySchema,
        response: { 200: filesCollectionSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { file, brand, model, ...paging } = request.query;
      return sharedFiles(`${user.id} ${JSON.stringify(request.query)}`, async () => {
        if (brand !== undefined || model !== undefined) {
          return listFiles(
            user.id,
            (eb) =>
              eb.and([
                eb('kind', '=', 'firmware'),
                ...(brand === undefined ? [] : [eb('brand', '=', brand)]),
                ...(model === undefined ? [] : [eb('model', '=', model)]),
                ...(file ? searchConditions(file) : []),
              ]),
            paging,
          );
        }
        if (file) return listFiles(user.id, (eb) => eb.and(searchConditions(file)), paging);
        return listFiles(user.id, (eb) => eb('parent_id', 'is', null), paging);
      });
    },
  );

  /** A search text with no word matches nothing rather than everything. */
  function searchConditions(text: string): Expression<SqlBool>[] {
    const query = toPrefixQuery(text);
    return [query === null ? sql<SqlBool>`false` : matches(query)];
  }

  app.get(
    '/api/file/get-by-parent',
    {
      preHandler: app.sessions.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: "A folder's content (the root without `parent`) and its path for breadcrumbs",
        security: [{ session: [] }],
        querystring: filesByParentQuerySchema,
        response: { 200: filesByParentResponseSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { parent, ...paging } = request.query;
      let parents: { id: number; file: string }[] = [];
      if (parent !== undefined) {
        const chain = await sql<{ id: number; file: string; is_dir: boolean }>`
          with recursive chain (id, file, is_dir, parent_id, depth) as (
            select id, file, is_dir, parent_id, 0 from catalogue_files where id = ${parent}
            union all
            select f.id, f.file, f.is_dir, f.parent_id, chain.depth + 1
            from catalogue_files f join chain on f.id = chain.parent_id
          )
          select id, file, is_dir from chain order by depth desc`.execute(db);
        if (chain.rows.at(-1)?.is_dir !== true) throw new NotFoundError('The requested folder is not found');
        parents = chain.rows.map(({ id, file }) => ({ id, file }));
      }
      const page = await listFiles(
        user.id,
        (eb) => (parent === undefined ? eb('parent_id', 'is', null) : eb('parent_id', '=', parent)),
        paging,
      );
      return { ...page, parents };
    },
  );

  app.get(
    '/api/file/get-download-link/:id',
    {
      preHandler: app.sessions.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: "A short-lived signed link to a package's .torrent, for the helper's /downloads/add",
        description: '403 when the package is restricted to a soft the user was not granted.',
        security: [{ session: [] }],
        params: fileIdParamsSchema,
        response: { 200: downloadLinkSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const row = await selectFiles(user.id)
        .select(['storage_name', 'sha256', 'info_hash'])
        .where('id', '=', request.params.id)
        .where('is_dir', '=', false)
        .executeTakeFirst();
      if (!row?.storage_name || !row.sha256 || !row.info_hash)
        throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
      if (!row.entitled) throw new ForbiddenError(FILE_FORBIDDEN_MESSAGE);
      const expiresAt = new Date(Date.now() + TORRENT_LINK_TTL_MS);
      return {
        id: row.id,
        file: row.file,
        url: signer.signedUrl(config.downloadsHost, torrentPathOf(row.storage_name), expiresAt),
        expiresAt: expiresAt.toISOString(),
        soft: row.soft ?? FILES_SOFT_NAME,
        sha256: row.sha256,
        size: Number(row.size ?? 0),
        infoHash: row.info_hash,
      };
    },
  );

  app.get(
    '/api/model/brands',
    {
      preHandler: app.sessions.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: 'Every brand with a firmware, sorted',
        security: [{ session: [] }],
        response: { 200: brandsResponseSchema },
      },
    },
    async () =>
      sharedBrands('all', async () => {
        const rows = await db
          .selectFrom('catalogue_brands')
          .select('brand')
          .orderBy(sql`lower(brand)`)
          .orderBy('brand')
          .execute();
        return { brands: rows.map(({ brand }) => ({ brand })) };
      }),
  );

  app.get(
    '/api/models',
    {
      preHandler: app.sessions.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: "A brand's models, or the models whose name holds `model`; softs merged per model",
        security: [{ session: [] }],
        querystring: modelsQuerySchema,
        response: { 200: modelsCollectionSchema },
      },
    },
    async (request) => {
      const { brand, model, page, itemsPerPage } = request.query;
      return sharedModels(JSON.stringify(request.query), async () => {
        const window = pageWindow(page, itemsPerPage);
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
        return {
          member: rows.map((row) => ({
            model: row.model,
            brand: row.brand,
            soft: row.softs.map((name) => ({ name })),
          })),
          totalItems: Number(total?.total ?? 0),
        };
      });
    },
  );

  app.get(
    '/api/softs',
    {
      preHandler: app.sessions.requireUser,
      schema: {
        tags: ['catalogue'],
        summary: 'The tools the signed-in user may use, each at its newest version, by name',
        security: [{ session: [] }],
        response: { 200: softsCollectionSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const rows = await db
        .selectFrom('catalogue_files')
        .distinctOn('soft')
        .select(['id', 'file', 'soft', 'version', 'size', 'created_at'])
        .where('kind', '=', 'tool')
        .where(entitledSql(user.id))
        .orderBy('soft')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const member = rows
        .map((row) => ({
          name: row.soft ?? '',
          version: row.version ?? '',
          fileId: row.id,
          file: row.file,
          size: Number(row.size ?? 0),
          date: row.created_at.toISOString(),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return { member, totalItems: member.length };
    },
  );

  app.post(
    '/api/forum/post-search',
    {
      preHandler: app.sessions.requireUser,
      schema: {
        tags: ['catalogue'],
        summary:
          "Full-text search over the catalogue's names and, with support enabled, the knowledge base's titles, best first",
        description:
          'Every word is a prefix and all are required. Articles are matched on their title in the ' +
          "user's language, or in English when the article has no text in it.",
        security: [{ session: [] }],
        body: postSearchBodySchema,
        response: { 200: searchResultsSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { query: text, page, itemsPerPage } = request.body;
      const catalogueQuery = toPrefixQuery(text);
      // Weight A is the title in kb_article_texts.search_vector: the body is not searched here.
      const titleQuery = toPrefixQuery(text, 'A');
      if (catalogueQuery === null || titleQuery === null) return { member: [], totalItems: 0 };
      const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
      return sharedSearch(`${user.id} ${language} ${JSON.stringify(request.body)}`, async () => {
        const window = pageWindow(page, itemsPerPage);
        const hits = searchHitsSql({
          catalogueQuery,
          titleQuery,
          language,
          withArticles: config.supportEnabled,
        });
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
          ${entitledSql(user.id)} as entitled,
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
              {
                kind: 'article',
                title: row.title,
                rank,
                article: { slug, category, language: textLanguage },
              },
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
      });
    },
  );
}

/**
 * The matches of both sources as one `hits` relation `(source, file_id, text_id, rank, title)`, so they are
 * ranked and paged together. Both ranks are `ts_rank` with 0.1 per matching word occurrence: the
 * catalogue's vector is unweighted (D, 0.1 by default), and the article's title words (weight A)
 * count 0.1 while its body (B) counts nothing. An article is matched in the reader's language, or
 * in English when it has no text in that language (as the support service's `/kb/search` does).
 */
function searchHitsSql(options: {
  catalogueQuery: string;
  titleQuery: string;
  language: Language;
  withArticles: boolean;
}) {
  const { catalogueQuery, titleQuery, language, withArticles } = options;
  // The query is written out, not taken from `q`: only a value known when the statement starts can
  // be an index condition, and a join to `q` scanned every name of a large catalogue.
  const catalogueTsQuery = sql`to_tsquery('simple', ${catalogueQuery})`;
  const catalogue = sql`
    select 'catalogue' as source, f.id as file_id, null::uuid as text_id, ts_rank(f.search, ${catalogueTsQuery}) as rank,
      f.file as title
    from catalogue_files f where f.search @@ ${catalogueTsQuery}`;
  // Two queries, one per configuration, so each side of the match can use the GIN index.
  const articles = sql`
    union all
    select 'article', null, t.id,
      ts_rank('{0, 0, 0, 0.1}', t.search_vector, case when t.language = ${language} then q.own else q.fallback end),
      t.title
    from kb_article_texts t, q
    where (t.language = ${language} and t.search_vector @@ q.own)
      or (t.language = ${DEFAULT_LANGUAGE} and t.search_vector @@ q.fallback and not exists (
        select 1 from kb_article_texts own where own.article_id = t.article_id and own.language = ${language}))`;
  return sql`
    with q as (
      select to_tsquery(kb_search_config(${language}), ${titleQuery}) as own,
        to_tsquery(kb_search_config(${DEFAULT_LANGUAGE}), ${titleQuery}) as fallback
    ),
    hits as (${catalogue} ${withArticles ? articles : sql``})`;
}

/** The path of a package's torrent below the downloads host. */
export function torrentPathOf(storageName: string): string {
  return `/${storageName}.torrent`;
}
