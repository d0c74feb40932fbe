import { collectionSchema } from '@benchside/contracts/common';
import { ledgerPageSchema } from '@benchside/contracts/credits';
import {
  type CustomerBody,
  type CustomerStatus,
  customerBulkResultSchema,
  customerSchema,
} from '@benchside/contracts/customers';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Page size of /customers: one screen of a shop's book; the API allows up to 100. */
export const CUSTOMERS_PAGE_SIZE = 20;

const customersKey = ['customers'] as const;
const pageSchema = collectionSchema(customerSchema);
const refreshCustomers = () => queryClient.invalidateQueries({ queryKey: customersKey });

/** `GET /api/customers?page&itemsPerPage&search`, newest first. */
export function useCustomers(page: number, search: string) {
  return useQuery({
    queryKey: [...customersKey, 'list', search, page],
    queryFn: async () =>
      pageSchema.parse(
        await http.get('/customers', { query: { page, itemsPerPage: CUSTOMERS_PAGE_SIZE, search } }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: [...customersKey, 'detail', id],
    queryFn: async () => customerSchema.parse(await http.get(`/customers/${encodeURIComponent(id)}`)),
  });
}

/** `POST /api/customers`. */
export function useCreateCustomer() {
  return useMutation({
    mutationFn: async (body: CustomerBody) => customerSchema.parse(await http.post('/customers', body)),
    onSuccess: refreshCustomers,
  });
}

/** `PUT /api/customers/{id}` with the whole form. */
export function useUpdateCustomer(id: string) {
  return useMutation({
    mutationFn: async (body: CustomerBody) =>
      customerSchema.parse(await http.put(`/customers/${encodeURIComponent(id)}`, body)),
    onSuccess: refreshCustomers,
  });
}

/** `DELETE /api/customers/{id}`; its page is left before the lists refresh, so it is not asked for again. */
export function useDeleteCustomer(id: string) {
  return useMutation({
    mutationFn: () => http.delete(`/customers/${encodeURIComponent(id)}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...customersKey, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: [...customersKey, 'list'] });
    },
  });
}

/** `POST /api/customers/bulk-status {ids, status}`: how many changed. */
export function useSetCustomersStatus() {
  return useMutation({
    mutationFn: async ({ ids, status }: { ids: string[]; status: CustomerStatus }) =>
      customerBulkResultSchema.parse(await http.post('/customers/bulk-status', { ids, status })).count,
    onSettled: refreshCustomers,
  });
}

/** `POST /api/customers/bulk-delete {ids}`: how many were deleted. */
export function useDeleteCustomers() {
  return useMutation({
    mutationFn: async (ids: string[]) =>
      customerBulkResultSchema.parse(await http.post('/customers/bulk-delete', { ids })).count,
    onSettled: refreshCustomers,
  });
}

/** Page size of a customer's operations on the customer's page. */
export const OPERATIONS_PAGE_SIZE = 10;

/**
 * `GET /api/credit-ledger?customer&kind=use`: the ledger's operations done for this customer's
 * devices, newest first. Kept under the ledger's query key, so linking a use refreshes it.
 */
export function useCustomerOperations(customerId: string, page: number) {
  return useQuery({
    queryKey: ['credit-ledger', 'customer', customerId, page],
    queryFn: async () =>
      ledgerPageSchema.parse(
        await http.get('/credit-ledger', {
          query: { customer: customerId, kind: 'use', page, itemsPerPage: OPERATIONS_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
