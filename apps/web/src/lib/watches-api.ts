import { collectionSchema } from '@benchside/contracts/common';
import { type WatchTarget, watchMatchSchema, watchSchema } from '@benchside/contracts/watches';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryClient } from './query-client.ts';

/**
 * The watch list's calls (issue 19 item 5), shared by the watch buttons of the firmwares, tools and
 * supported-models pages and by the watch-list page.
 */

/** Page size of /watch-list; the API allows up to 100. */
export const WATCH_LIST_PAGE_SIZE = 20;

const watchesKey = ['watches'] as const;
const pageSchema = collectionSchema(watchSchema);
const refreshWatches = () => queryClient.invalidateQueries({ queryKey: watchesKey });

/** `GET /api/watches?page&itemsPerPage`, newest watch first. */
export function useWatches(page: number) {
  return useQuery({
    queryKey: [...watchesKey, 'list', page],
    queryFn: async () =>
      pageSchema.parse(await http.get('/watches', { query: { page, itemsPerPage: WATCH_LIST_PAGE_SIZE } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `GET /api/watches/match`: the user's watch of this model or tool, or null. */
export function useWatchOf(target: WatchTarget) {
  return useQuery({
    queryKey: [...watchesKey, 'match', target],
    queryFn: async () => watchMatchSchema.parse(await http.get('/watches/match', { query: { ...target } })),
  });
}

/** `PUT /api/watches`: watching what is watched already changes nothing. */
export function useAddWatch() {
  return useMutation({
    mutationFn: async (target: WatchTarget) => watchSchema.parse(await http.put('/watches', target)),
    onSuccess: refreshWatches,
  });
}

/** `DELETE /api/watches/{id}`. */
export function useRemoveWatch() {
  return useMutation({
    mutationFn: (id: string) => http.delete(`/watches/${encodeURIComponent(id)}`),
    onSuccess: refreshWatches,
  });
}
