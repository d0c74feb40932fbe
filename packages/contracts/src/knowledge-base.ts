import { z } from 'zod';
import { collectionSchema, pagingQuerySchema } from './common.ts';
import { LANGUAGES } from './languages.ts';

/** Slugs of categories and articles: lower-case words joined by hyphens, as in their URLs. */
export const kbSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens')
  .max(100);

/** The language to read in; an article without a text in it is shown in English. */
export const kbLanguageSchema = z.enum(LANGUAGES);

/** `GET /kb/get-categories?language=de`. */
export const kbCategoriesQuerySchema = z.object({ language: kbLanguageSchema.optional() });

export const kbCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  articleCount: z.number().int().min(0),
});
export const kbCategoriesSchema = collectionSchema(kbCategorySchema);

export const MAX_KB_QUERY_LENGTH = 200;

/**
 * `POST /kb/search`: a search (`query`, ranked) or, without one, the category's articles by title.
 * `page`/`itemsPerPage` as everywhere (1.., 1..100).
 */
export const kbSearchBodySchema = pagingQuerySchema.extend({
  query: z.string().trim().max(MAX_KB_QUERY_LENGTH).default(''),
  category: kbSlugSchema.optional(),
  language: kbLanguageSchema.optional(),
});

/**
 * One found article. `titleHtml` and `snippetHtml` are HTML-escaped text whose only markup is
 * `<mark>` around the matched words.
 */
export const kbSearchHitSchema = z.object({
  slug: z.string(),
  category: z.string(),
  language: z.string(),
  title: z.string(),
  titleHtml: z.string(),
  snippetHtml: z.string(),
  rank: z.number(),
  updatedAt: z.string(),
});
export const kbSearchResultSchema = collectionSchema(kbSearchHitSchema);

export const kbArticleParamsSchema = z.object({ slug: kbSlugSchema });
export const kbArticleQuerySchema = z.object({ language: kbLanguageSchema.optional() });

/** `GET /kb/articles/{slug}`: the article in the asked language when translated, else English. */
export const kbArticleSchema = z.object({
  slug: z.string(),
  category: kbCategorySchema.pick({ slug: true, name: true }),
  language: z.string(),
  /** Every language the article can be read in. */
  languages: z.array(z.string()),
  title: z.string(),
  /** Rendered from Markdown by a renderer that escapes raw HTML and refuses script links. */
  html: z.string(),
  updatedAt: z.string(),
});
