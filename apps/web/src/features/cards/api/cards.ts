import {
  activationResponseSchema,
  type CardReportBody,
  cardAssignedLogSchema,
  cardDownloadSchema,
  cardLogEntrySchema,
  cardSchema,
  productSchema,
} from '@benchside/contracts/cards';
import { collectionSchema } from '@benchside/contracts/common';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const PAGE_SIZE = 10;
/** A technician has a handful of cards; the overview shows them all on one page. */
const CARDS_PER_PAGE = 100;

const cardsKey = ['cards'] as const;
const refreshCards = () => queryClient.invalidateQueries({ queryKey: cardsKey });

const paging = (page: number) => ({ page, itemsPerPage: PAGE_SIZE });

/** `GET /api/cards`: the signed-in user's cards. */
export const cardsQueryOptions = () =>
  queryOptions({
    queryKey: [...cardsKey, 'list'],
    queryFn: async () =>
      collectionSchema(cardSchema).parse(
        await http.get('/cards', { query: { itemsPerPage: CARDS_PER_PAGE } }),
      ),
  });

export function useCards() {
  return useQuery(cardsQueryOptions());
}

export function useCard(id: string) {
  return useQuery({
    queryKey: [...cardsKey, 'card', id],
    queryFn: async () => cardSchema.parse(await http.get(`/cards/${encodeURIComponent(id)}`)),
  });
}

/** `GET /api/card/log/{id}`, newest first. */
export function useCardLog(id: string, page: number) {
  return useQuery({
    queryKey: [...cardsKey, 'log', id, page],
    queryFn: async () =>
      collectionSchema(cardLogEntrySchema).parse(
        await http.get(`/card/log/${encodeURIComponent(id)}`, { query: paging(page) }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/cards/{id}/downloads` with `order[date]=desc` (spec §7). */
export function useCardDownloads(id: string, page: number) {
  return useQuery({
    queryKey: [...cardsKey, 'downloads', id, page],
    queryFn: async () =>
      collectionSchema(cardDownloadSchema).parse(
        await http.get(`/cards/${encodeURIComponent(id)}/downloads`, {
          query: { ...paging(page), 'order[date]': 'desc' },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/card-assigned-logs`: cards added and removed, newest first. */
export const assignedLogsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...cardsKey, 'assigned-logs', page],
    queryFn: async () =>
      collectionSchema(cardAssignedLogSchema).parse(
        await http.get('/card-assigned-logs', { query: paging(page) }),
      ),
    placeholderData: keepPreviousData,
  });

export function useAssignedLogs(page: number) {
  return useQuery(assignedLogsQueryOptions(page));
}

/** `GET /api/products`: the catalogue, for the descriptions of a card's licences. */
export function useProducts() {
  return useQuery({
    queryKey: [...cardsKey, 'products'],
    queryFn: async () =>
      collectionSchema(productSchema).parse(await http.get('/products', { query: { itemsPerPage: 100 } })),
    staleTime: 5 * 60_000,
  });
}

/** `POST /api/card/validate` {card, validationId}. */
export function useValidateCard() {
  return useMutation({
    mutationFn: async (body: { card: string; validationId: string }) =>
      cardSchema.parse(await http.post('/card/validate', body)),
    onSettled: refreshCards,
  });
}

/** `DELETE /api/cards/{id}`: the card leaves the account. */
export function useUnassignCard() {
  return useMutation({
    mutationFn: (id: string) => http.delete(`/cards/${encodeURIComponent(id)}`),
    onSettled: refreshCards,
  });
}

/** `POST /api/cards/{id}/activations`: the token the card checks before it writes a licence. */
export async function issueActivation(cardId: string, product: string) {
  return activationResponseSchema.parse(
    await http.post(`/cards/${encodeURIComponent(cardId)}/activations`, { product }),
  );
}

/** `POST /api/cards/{id}/report`: what the card said after an activation or a firmware update. */
export async function reportCard(cardId: string, report: CardReportBody) {
  const card = cardSchema.parse(await http.post(`/cards/${encodeURIComponent(cardId)}/report`, report));
  await refreshCards();
  return card;
}
