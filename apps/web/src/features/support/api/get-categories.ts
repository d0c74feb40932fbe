import { kbCategoriesSchema } from '@benchside/contracts/knowledge-base';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supportHttp } from './support-client.ts';

/** `GET /kb/get-categories` in the page's language. */
export async function getCategories(language: string) {
  return kbCategoriesSchema.parse(await supportHttp.get('/kb/get-categories', { query: { language } }));
}

export const categoriesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['support', 'categories', language],
    queryFn: () => getCategories(language),
  });

export function useCategories() {
  const { i18n } = useTranslation();
  return useQuery(categoriesQueryOptions(i18n.language));
}
