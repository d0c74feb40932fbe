import { kbSearchResultSchema } from '@benchside/contracts/knowledge-base';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supportHttp } from './support-client.ts';

export const ARTICLES_PAGE_SIZE = 10;

export interface ArticleSearch {
  query: string;
  category?: string | undefined;
  page: number;
}

/** `POST /kb/search`: ranked and highlighted when there is a query, by title otherwise. */
export async function searchArticles(search: ArticleSearch, language: string, signal?: AbortSignal) {
  const body = {
    query: search.query,
    page: search.page,
    itemsPerPage: ARTICLES_PAGE_SIZE,
    language,
    ...(search.category ? { category: search.category } : {}),
  };
  return kbSearchResultSchema.parse(await supportHttp.post('/kb/search', body, { signal }));
}

export const searchArticlesQueryOptions = (search: ArticleSearch, language: string) =>
  queryOptions({
    queryKey: ['support', 'search', language, search],
    // React Query aborts a search the user has typed past.
    queryFn: ({ signal }) => searchArticles(search, language, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchArticles(search: ArticleSearch, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({ ...searchArticlesQueryOptions(search, i18n.language), enabled });
}
