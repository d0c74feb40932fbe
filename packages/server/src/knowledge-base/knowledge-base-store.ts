import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@benchside/contracts/languages';
import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';
import { renderMarkdown, slugify } from './markdown.ts';

/** A wrong operator input (unknown slug, duplicate, bad language): shown as one line. */
export class KnowledgeBaseError extends Error {
  override name = 'KnowledgeBaseError';
}

export interface NewArticle {
  category: string;
  /** The category's English name when it is created; defaults to the slug in words. */
  categoryName?: string;
  title: string;
  markdown: string;
  slug?: string;
}

export interface ArticleText {
  /** The article's slug. */
  slug: string;
  language: Language;
  title: string;
  markdown: string;
}

function languageOf(value: string): Language {
  if (!isLanguage(value)) throw new KnowledgeBaseError(`Unknown language: ${value}`);
  return value;
}

function requireSlug(value: string, what: string): string {
  const slug = slugify(value);
  if (!slug) throw new KnowledgeBaseError(`${what} needs letters or digits: ${value}`);
  return slug;
}

/** The category's id, creating it (named in English) when it is new. */
async function ensureCategory(db: Kysely<Database>, slugOrName: string, name?: string): Promise<string> {
  const slug = requireSlug(slugOrName, 'A category');
  const existing = await db
    .selectFrom('kb_categories')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (existing) return existing.id;
  const englishName = name ?? slugOrName.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());
  const position = await db
    .selectFrom('kb_categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('kb_categories')
    .values({ slug, names: JSON.stringify({ en: englishName }), position: Number(position.count) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Names a category in one more language (or renames it). */
export async function nameCategory(
  db: Kysely<Database>,
  slug: string,
  language: string,
  name: string,
): Promise<void> {
  const row = await db
    .selectFrom('kb_categories')
    .select('names')
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!row) throw new KnowledgeBaseError(`No category ${slug}`);
  const names = { ...row.names, [languageOf(language)]: name };
  await db
    .updateTable('kb_categories')
    .set({ names: JSON.stringify(names) })
    .where('slug', '=', slug)
    .execute();
}

async function articleId(db: Kysely<Database>, slug: string): Promise<string> {
  const row = await db.selectFrom('kb_articles').select('id').where('slug', '=', slug).executeTakeFirst();
  if (!row) throw new KnowledgeBaseError(`No article ${slug}`);
  return row.id;
}

/** A new article with its English text; returns its slug. */
export async function addArticle(db: Kysely<Database>, article: NewArticle): Promise<string> {
  const slug = requireSlug(article.slug ?? article.title, 'An article slug');
  const title = article.title.trim();
  if (!title) throw new KnowledgeBaseError('The title is empty');
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('kb_articles')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (taken) throw new KnowledgeBaseError(`An article ${slug} exists already: use kb edit`);
    const categoryId = await ensureCategory(trx, article.category, article.categoryName);
    const { id } = await trx
      .insertInto('kb_articles')
      .values({ slug, category_id: categoryId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { html, text } = renderMarkdown(article.markdown);
    await trx
      .insertInto('kb_article_texts')
      .values({
        article_id: id,
        language: DEFAULT_LANGUAGE,
        title,
        body_markdown: article.markdown,
        body_html: html,
        body_text: text,
      })
      .execute();
    return slug;
  });
}

/** Adds or replaces one language's text of an existing article (a translation, or the English). */
export async function saveArticleText(db: Kysely<Database>, text: ArticleText): Promise<void> {
  const language = languageOf(text.language);
  const title = text.title.trim();
  if (!title) throw new KnowledgeBaseError('The title is empty');
  const id = await articleId(db, text.slug);
  const { html, text: plain } = renderMarkdown(text.markdown);
  const values = {
    title,
    body_markdown: text.markdown,
    body_html: html,
    body_text: plain,
    updated_at: new Date(),
  };
  await db
    .insertInto('kb_article_texts')
    .values({ article_id: id, language, ...values })
    .onConflict((conflict) => conflict.columns(['article_id', 'language']).doUpdateSet(values))
    .execute();
  await db.updateTable('kb_articles').set({ updated_at: new Date() }).where('id', '=', id).execute();
}

export interface ArticleEdit {
  slug: string;
  language: Language;
  title?: string;
  markdown?: string;
  category?: string;
}

/** Changes an article's title, body (in one language) or category. */
export async function editArticle(db: Kysely<Database>, edit: ArticleEdit): Promise<void> {
  const id = await articleId(db, edit.slug);
  if (edit.category !== undefined) {
    const categoryId = await ensureCategory(db, edit.category);
    await db.updateTable('kb_articles').set({ category_id: categoryId }).where('id', '=', id).execute();
  }
  if (edit.title === undefined && edit.markdown === undefined) return;
  const current = await db
    .selectFrom('kb_article_texts')
    .select(['title', 'body_markdown'])
    .where('article_id', '=', id)
    .where('language', '=', languageOf(edit.language))
    .executeTakeFirst();
  if (!current) throw new KnowledgeBaseError(`Article ${edit.slug} has no ${edit.language} text`);
  await saveArticleText(db, {
    slug: edit.slug,
    language: edit.language,
    title: edit.title ?? current.title,
    markdown: edit.markdown ?? current.body_markdown,
  });
}

/** Removes an article with all its texts, or only one translation (never the English fallback). */
export async function removeArticle(db: Kysely<Database>, slug: string, language?: Language): Promise<void> {
  const id = await articleId(db, slug);
  if (language === undefined) {
    await db.deleteFrom('kb_articles').where('id', '=', id).execute();
    return;
  }
  if (language === DEFAULT_LANGUAGE) {
    throw new KnowledgeBaseError(
      'The English text is every translation’s fallback: remove the whole article',
    );
  }
  const removed = await db
    .deleteFrom('kb_article_texts')
    .where('article_id', '=', id)
    .where('language', '=', language)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0)
    throw new KnowledgeBaseError(`Article ${slug} has no ${language} text`);
}

/** Every article text (`t`) with its article (`a`) and the article's category (`c`). */
function textsWithArticles(db: Kysely<Database>) {
  return db
    .selectFrom('kb_article_texts as t')
    .innerJoin('kb_articles as a', 'a.id', 't.article_id')
    .innerJoin('kb_categories as c', 'c.id', 'a.category_id');
}

/** Every article with the languages it can be read in, for the operator's list. */
export async function listArticles(db: Kysely<Database>) {
  return textsWithArticles(db)
    .select(['a.slug', 'c.slug as category', 't.language', 't.title'])
    .orderBy('c.position')
    .orderBy('a.slug')
    .orderBy('t.language')
    .execute();
}

/** Every text of one article, with its category's slug and names; none for an unknown slug. */
export async function articleTexts(db: Kysely<Database>, slug: string) {
  return textsWithArticles(db)
    .select([
      'a.slug',
      'c.slug as category_slug',
      'c.names',
      't.language',
      't.title',
      't.body_html',
      't.updated_at',
    ])
    .where('a.slug', '=', slug)
    .execute();
}
