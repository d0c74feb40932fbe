import { collectionSchema } from '@benchside/contracts/common';
import {
  balanceHistorySchema,
  type LedgerCustomerBody,
  type LedgerFilter,
  ledgerEntrySchema,
  ledgerPageSchema,
  refundRequestSchema,
} from '@benchside/contracts/credits';
import { customerSchema } from '@benchside/contracts/customers';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const LEDGER_PAGE_SIZE = 20;

const ledgerKey = ['credit-ledger'] as const;

/** The filters that are set, as query parameters. */
function filterQuery(filter: LedgerFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** `GET /api/credit-ledger`: one page of the filtered ledger and the balance. */
export function useLedger(filter: LedgerFilter, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ledgerKey, 'page', filter, page],
    queryFn: async () =>
      ledgerPageSchema.parse(
        await http.get('/credit-ledger', {
          query: { ...filterQuery(filter), page, itemsPerPage: LEDGER_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /api/credit-ledger/balance-history`: the balance a day at a time over the chosen days. */
export function useBalanceHistory(range: Pick<LedgerFilter, 'from' | 'to'>, enabled: boolean) {
  return useQuery({
    queryKey: [...ledgerKey, 'history', range.from, range.to],
    queryFn: async () =>
      balanceHistorySchema.parse(
        await http.get('/credit-ledger/balance-history', {
          query: filterQuery({ from: range.from, to: range.to }),
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The CSV download of the same filtered rows; a plain link, so the browser streams it to a file. */
export function ledgerExportUrl(filter: LedgerFilter): string {
  const query = new URLSearchParams(filterQuery(filter)).toString();
  return `/api/credit-ledger/export${query ? `?${query}` : ''}`;
}

/**
 * `POST /api/credit-ledger/{id}/refund-request`: the conversation support answers the request in;
 * a request made before (409) answers with that conversation, which is just as good to open.
 */
export function useRequestRefund() {
  return useMutation({
    mutationFn: async (entryId: string) => {
      try {
        return refundRequestSchema.parse(
          await http.post(`/credit-ledger/${encodeURIComponent(entryId)}/refund-request`, {}),
        ).conversationId;
      } catch (error) {
        const existing =
          error instanceof ApiError && error.status === 409 ? error.body?.conversationId : null;
        if (typeof existing === 'string') return existing;
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ledgerKey }),
  });
}

/** How many of the technician's customers the "For customer…" dialog offers for a search. */
export const CUSTOMER_CHOICES = 8;
const customerChoicesSchema = collectionSchema(customerSchema);

/** `GET /api/customers?search`: the technician's own customers a ledger use can be for. */
export function useCustomerChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'list', search, 'choices'],
    queryFn: async () =>
      customerChoicesSchema.parse(
        await http.get('/customers', { query: { search, page: 1, itemsPerPage: CUSTOMER_CHOICES } }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `PUT /api/credit-ledger/{id}/customer`: the use was for this customer's device. */
export function useLinkCustomer() {
  return useMutation({
    mutationFn: async ({ entryId, body }: { entryId: string; body: LedgerCustomerBody }) =>
      ledgerEntrySchema.parse(await http.put(`/credit-ledger/${encodeURIComponent(entryId)}/customer`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ledgerKey }),
  });
}

/** `DELETE /api/credit-ledger/{id}/customer`: the use names no customer any more. */
export function useUnlinkCustomer() {
  return useMutation({
    mutationFn: (entryId: string) => http.delete(`/credit-ledger/${encodeURIComponent(entryId)}/customer`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ledgerKey }),
  });
}
