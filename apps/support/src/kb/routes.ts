import {
  kbArticleParamsSchema,
  kbArticleQuerySchema,
  kbArticleSchema,
  kbCategoriesQuerySchema,
  kbCategoriesSchema,
  kbSearchBodySchema,
  kbSearchResultSchema,
} from '@benchside/contracts/knowledge-base';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@benchside/contracts/languages';
import type { Database } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import { NotFoundError } from '@benchside/server/errors';
import { articleTexts } from '@benchside/server/knowledge-base/knowledge-base-store';
import {
  inReadingLanguage,
  isReadingText,
  matchesOwnOrFallback,
  ownAndFallbackQueries,
  queryForText,
} from '@benchside/server/knowledge-base/language-fallback';
import { toPrefixQuery } from '@benchside/server/search-text';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, highlightedHtml } from './search-text.ts';

/** The language asked for, else the one the user chose in the portal, else English. */
function readingLanguage(request: FastifyRequest, asked: Language | undefined): Language {
  if (asked) return asked;
  const stored = request.user.language;
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function categoryName(names: Record<string, string>, language: Language): string {
  return inReadingLanguage(language, (named) => names[named]) ?? Object.values(names)[0] ?? '';
}

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
const TITLE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, HighlightAll=true`;
const PLAIN_SNIPPET_LENGTH = 200;

/** Spec §7 "Support service": the knowledge base, for signed-in users of the portal. */
export function registerKnowledgeBaseRoutes(app: App, db: Kysely<Database>): void {
  app.get(
    '/kb/get-categories',
    {
      schema: { querystring: kbCategoriesQuerySchema, response: { 200: kbCategoriesSchema } },
    },
    async (request) => {
      const language = readingLanguage(request, request.query.language);
      const rows = await db
        .selectFrom('kb_categories')
        .leftJoin('kb_articles', 'kb_articles.category_id', 'kb_categories.id')
        .select((eb) => [
          'kb_categories.slug',
          'kb_categories.names',
          eb.fn.count<number>('kb_articles.id').as('article_count'),
        ])
        .groupBy(['kb_categories.id', 'kb_categories.slug', 'kb_categories.names', 'kb_categories.position'])
        .orderBy('kb_categories.position')
        .orderBy('kb_categories.slug')
        .execute();
      return {
        member: rows.map((row) => ({
          slug: row.slug,
          name: categoryName(row.names, language),
          articleCount: Number(row.article_count),
        })),
        totalItems: rows.length,
      };
    },
  );

  app.post(
    '/kb/search',
    {
      schema: { body: kbSearchBodySchema, response: { 200: kbSearchResultSchema } },
    },
    async (request) => {
      const { page, itemsPerPage, category } = request.body;
      const language = readingLanguage(request, request.body.language);
      // The last word is a prefix: it is usually still being typed.
      const query = toPrefixQuery(request.body.query, { prefix: 'last', fold: 'nfkc' });
      // A search that has no words left (only punctuation) finds nothing rather than everything.
      if (request.body.query !== '' && query === null) return { member: [], totalItems: 0 };

      // Each article once: its text in the reading language, or the English one when it has none.
      const joins = sql`from kb_article_texts t
        join kb_articles a on a.id = t.article_id
        join kb_categories c on c.id = a.category_id`;
      const categoryFilter = category ? sql`and c.slug = ${category}` : sql``;
      const from = query
        ? sql`${joins}
            cross join (${ownAndFallbackQueries(language, query)}) q
            where ${matchesOwnOrFallback(language)}
            ${categoryFilter}`
        : sql`${joins}
            where ${isReadingText(language)}
            ${categoryFilter}`;
      const rowQuery = queryForText(language);
      const columns = query
        ? sql`ts_headline(kb_search_config(t.language), t.title, ${rowQuery}, ${TITLE_OPTIONS}) as title_headline,
            ts_headline(kb_search_config(t.language), t.body_text, ${rowQuery}, ${HEADLINE_OPTIONS}) as snippet,
            ts_rank(t.search_vector, ${rowQuery}) as rank`
        : sql`t.title as title_headline, left(t.body_text, ${PLAIN_SNIPPET_LENGTH}) as snippet, 0 as rank`;

      type Row = {
        slug: string;
        category: string;
        language: string;
        title: string;
        title_headline: string;
        snippet: string;
        rank: number;
        updated_at: Date | string;
      };
      const [rows, count] = await Promise.all([
        sql<Row>`
          select a.slug, c.slug as category, t.language, t.title, t.updated_at, ${columns}
          ${from}
          order by rank desc, t.title, a.slug
          limit ${itemsPerPage} offset ${(page - 1) * itemsPerPage}
        `.execute(db),
        sql<{ total: number }>`select count(*) as total ${from}`.execute(db),
      ]);

      return {
        member: rows.rows.map((row) => ({
          slug: row.slug,
          category: row.category,
          language: row.language,
          title: row.title,
          titleHtml: highlightedHtml(row.title_headline),
          snippetHtml: highlightedHtml(
            query || row.snippet.length < PLAIN_SNIPPET_LENGTH ? row.snippet : `${row.snippet} …`,
          ),
          rank: Number(row.rank),
          updatedAt: new Date(row.updated_at).toISOString(),
        })),
        totalItems: Number(count.rows[0]?.total ?? 0),
      };
    },
  );

  app.get(
    '/kb/articles/:slug',
    {
      schema: {
        params: kbArticleParamsSchema,
        querystring: kbArticleQuerySchema,
        response: { 200: kbArticleSchema },
      },
    },
    async (request) => {
      const language = readingLanguage(request, request.query.language);
      const texts = await articleTexts(db, request.params.slug);
      const text = inReadingLanguage(language, (reading) =>
        texts.find((candidate) => candidate.language === reading),
      );
      if (!text) throw new NotFoundError();
      return {
        slug: text.slug,
        category: { slug: text.category_slug, name: categoryName(text.names, language) },
        language: text.language,
        languages: texts.map((candidate) => candidate.language).sort(),
        title: text.title,
        html: text.body_html,
        updatedAt: text.updated_at.toISOString(),
      };
    },
  );
}
