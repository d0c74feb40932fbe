import { type SearchHit, searchResultsSchema } from '@benchside/contracts/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** How many hits the header's search shows: the best ones, no paging. */
export const HEADER_SEARCH_RESULTS = 10;

/** `POST /api/forum/post-search`: firmwares, tools, files and knowledge-base articles, best first. */
export async function postSearch(text: string) {
  return searchResultsSchema.parse(
    await http.post('/forum/post-search', { query: text, page: 1, itemsPerPage: HEADER_SEARCH_RESULTS }),
  );
}

export function usePostSearch(text: string) {
  return useQuery({
    queryKey: ['post-search', text],
    queryFn: () => postSearch(text),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
}

/** Where a hit opens: a firmware among its model's, a tool on /tools, a file in its folder, an article. */
export function searchHitPath(hit: SearchHit): string {
  if (hit.kind === 'article') return `/support/articles/${encodeURIComponent(hit.article.slug)}`;
  const { file } = hit;
  if (hit.kind === 'tool') return '/tools';
  if (hit.kind === 'firmware' && file.brand && file.model) {
    return `/firmwares?${new URLSearchParams({ brand: file.brand, model: file.model })}`;
  }
  const folder = hit.kind === 'folder' ? file.id : file.parent;
  return folder === null ? '/files' : `/files?${new URLSearchParams({ parent: String(folder) })}`;
}
