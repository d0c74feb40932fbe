import {
  createdThirdPartyTokenSchema,
  creditSubscriptionsSchema,
  thirdPartyTokenSchema,
  tokenEventSchema,
  tokenFingerprintSchema,
} from '@benchside/contracts/cards';
import { collectionSchema } from '@benchside/contracts/common';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { PAGE_SIZE } from './cards.ts';

/** `GET /api/user-credit-subscriptions`: packs and subscriptions with the balance left. */
export const creditsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['credits', page],
    queryFn: async () =>
      creditSubscriptionsSchema.parse(
        await http.get('/user-credit-subscriptions', { query: { page, itemsPerPage: PAGE_SIZE } }),
      ),
    placeholderData: keepPreviousData,
  });

export function useCredits(page: number) {
  return useQuery(creditsQueryOptions(page));
}

/** `GET /api/token-events?userCrd=`, newest first. */
export function useTokenEvents(userCrd: string, page: number) {
  return useQuery({
    queryKey: ['token-events', userCrd, page],
    queryFn: async () =>
      collectionSchema(tokenEventSchema).parse(
        await http.get('/token-events', { query: { userCrd, page, itemsPerPage: PAGE_SIZE } }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/token-fingerprints?userCrd=`: machines, newest first. */
export function useTokenFingerprints(userCrd: string, page: number) {
  return useQuery({
    queryKey: ['token-fingerprints', userCrd, page],
    queryFn: async () =>
      collectionSchema(tokenFingerprintSchema).parse(
        await http.get('/token-fingerprints', { query: { userCrd, page, itemsPerPage: PAGE_SIZE } }),
      ),
    placeholderData: keepPreviousData,
  });
}

const tokensKey = (userCrd: string) => ['third-party-tokens', userCrd] as const;

/** `GET /api/third-party-software-tokens?userCrd=`. */
export function useThirdPartyTokens(userCrd: string, page: number) {
  return useQuery({
    queryKey: [...tokensKey(userCrd), page],
    queryFn: async () =>
      collectionSchema(thirdPartyTokenSchema).parse(
        await http.get('/third-party-software-tokens', { query: { userCrd, page, itemsPerPage: PAGE_SIZE } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCreateThirdPartyToken(userCrd: string) {
  return useMutation({
    mutationFn: async (name: string) =>
      createdThirdPartyTokenSchema.parse(await http.post('/third-party-software-tokens', { userCrd, name })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey(userCrd) }),
  });
}

/** `PATCH /api/third-party-software-tokens/{id}` merge-patch {active}. */
export function useToggleThirdPartyToken(userCrd: string) {
  return useMutation({
    mutationFn: async ({ id, active }: { id: string; active: boolean }) =>
      thirdPartyTokenSchema.parse(
        await http.patch(`/third-party-software-tokens/${encodeURIComponent(id)}`, { active }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey(userCrd) }),
  });
}

export function useDeleteThirdPartyToken(userCrd: string) {
  return useMutation({
    mutationFn: (id: string) => http.delete(`/third-party-software-tokens/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey(userCrd) }),
  });
}
