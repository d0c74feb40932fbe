import { kbArticleSchema } from '@benchside/contracts/knowledge-base';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supportHttp } from './support-client.ts';

/** `GET /kb/articles/{slug}`: in the page's language when translated, else English. */
export async function getArticle(slug: string, language: string) {
  return kbArticleSchema.parse(
    await supportHttp.get(`/kb/articles/${encodeURIComponent(slug)}`, { query: { language } }),
  );
}

export const articleQueryOptions = (slug: string, language: string) =>
  queryOptions({
    queryKey: ['support', 'article', slug, language],
    queryFn: () => getArticle(slug, language),
  });

export function useArticle(slug: string) {
  const { i18n } = useTranslation();
  return useQuery(articleQueryOptions(slug, i18n.language));
}
