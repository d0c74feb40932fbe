import {
  changeCrdPasswordResponseSchema,
  finishSessionsResponseSchema,
  userCrdDetailSchema,
  userCrdLogSchema,
  userCrdSchema,
} from '@benchside/contracts/cards';
import { collectionSchema } from '@benchside/contracts/common';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { PAGE_SIZE } from './cards.ts';

const crdsKey = ['user-crds'] as const;
const refreshCrds = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: crdsKey }),
    queryClient.invalidateQueries({ queryKey: ['cards'] }),
  ]);

/** `GET /api/user-crds?card=` with `order[loginAt]=desc` (spec §7): all of them without a card. */
export function useUserCrds(card: string | undefined, page: number) {
  return useQuery({
    queryKey: [...crdsKey, 'list', card ?? 'all', page],
    queryFn: async () =>
      collectionSchema(userCrdSchema).parse(
        await http.get('/user-crds', {
          query: { card, page, itemsPerPage: PAGE_SIZE, 'order[loginAt]': 'desc' },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUserCrd(id: string) {
  return useQuery({
    queryKey: [...crdsKey, 'detail', id],
    queryFn: async () => userCrdDetailSchema.parse(await http.get(`/user-crds/${encodeURIComponent(id)}`)),
  });
}

/** `GET /api/user-crds/log/{id}` with the same paging as the list. */
export function useUserCrdLog(id: string, page: number) {
  return useQuery({
    queryKey: [...crdsKey, 'log', id, page],
    queryFn: async () =>
      collectionSchema(userCrdLogSchema).parse(
        await http.get(`/user-crds/log/${encodeURIComponent(id)}`, {
          query: { page, itemsPerPage: PAGE_SIZE, 'order[loginAt]': 'desc' },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/user-crd-logs`, newest first: the recent activity of every credential. */
export const recentCrdLogsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...crdsKey, 'recent-logs', page],
    queryFn: async () =>
      collectionSchema(userCrdLogSchema).parse(
        await http.get('/user-crd-logs', { query: { page, itemsPerPage: PAGE_SIZE } }),
      ),
    placeholderData: keepPreviousData,
  });

export function useRecentCrdLogs(page: number) {
  return useQuery(recentCrdLogsQueryOptions(page));
}

/** `POST /api/user-crds/{id}/change-password` {id}: answers the new password, this once. */
export function useChangeCrdPassword() {
  return useMutation({
    mutationFn: async (id: string) =>
      changeCrdPasswordResponseSchema.parse(
        await http.post(`/user-crds/${encodeURIComponent(id)}/change-password`, { id }),
      ),
    onSettled: refreshCrds,
  });
}

/** `POST /api/user-crds/{id}/finish-all-sessions` {id}. */
export function useFinishCrdSessions() {
  return useMutation({
    mutationFn: async (id: string) =>
      finishSessionsResponseSchema.parse(
        await http.post(`/user-crds/${encodeURIComponent(id)}/finish-all-sessions`, { id }),
      ),
    onSettled: refreshCrds,
  });
}

/** `POST /api/unlink-card-from-crds` {userCrd}. */
export function useUnlinkCrd() {
  return useMutation({
    mutationFn: async (userCrd: string) =>
      userCrdSchema.parse(await http.post('/unlink-card-from-crds', { userCrd })),
    onSettled: refreshCrds,
  });
}
