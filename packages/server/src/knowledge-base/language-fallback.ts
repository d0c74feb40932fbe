import { DEFAULT_LANGUAGE, type Language } from '@benchside/contracts/languages';
import { type RawBuilder, sql } from 'kysely';

/**
 * An article is read in the reader's language, or in English when it has no text in that language.
 * `inReadingLanguage` applies that to what a query already read; the SQL fragments below express it
 * for the article texts aliased `t` and, when searching, a relation `q` of two queries: `own` in the
 * reader's configuration and `fallback` in English's. Two queries, one per configuration, so each
 * side of the match can use the GIN index. Shared by the knowledge base's own search and the
 * catalogue's post-search so that they find the same texts.
 */

/** What `inLanguage` finds in the reader's language, or else in English. */
export function inReadingLanguage<Found>(
  language: Language,
  inLanguage: (language: Language) => Found | undefined,
): Found | undefined {
  return inLanguage(language) ?? inLanguage(DEFAULT_LANGUAGE);
}

/** The `q` row: `query` (a `to_tsquery` text) parsed in the reader's and in English's configuration. */
export function ownAndFallbackQueries(language: Language, query: string): RawBuilder<unknown> {
  return sql`select to_tsquery(kb_search_config(${language}), ${query}) as own,
    to_tsquery(kb_search_config(${DEFAULT_LANGUAGE}), ${query}) as fallback`;
}

/** True when the article of `t` has a text in `language`. */
function hasOwnText(language: Language): RawBuilder<unknown> {
  return sql`exists (
    select 1 from kb_article_texts own where own.article_id = t.article_id and own.language = ${language}
  )`;
}

/** `t` is the text its article is read in: the reader's language, or English when it has none in it. */
export function isReadingText(language: Language): RawBuilder<unknown> {
  return sql`(t.language = ${language} or (t.language = ${DEFAULT_LANGUAGE} and not ${hasOwnText(language)}))`;
}

/** `t` matches `q` in the reader's language, or in English when its article has no text in it. */
export function matchesOwnOrFallback(language: Language): RawBuilder<unknown> {
  return sql`((t.language = ${language} and t.search_vector @@ q.own)
    or (t.language = ${DEFAULT_LANGUAGE} and t.search_vector @@ q.fallback and not ${hasOwnText(language)}))`;
}

/** The query of `q` that applies to the language of `t`, for ranks and headlines. */
export function queryForText(language: Language): RawBuilder<unknown> {
  return sql`(case when t.language = ${language} then q.own else q.fallback end)`;
}
