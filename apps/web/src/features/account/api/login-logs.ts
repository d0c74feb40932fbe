import { loginLogEntrySchema } from '@benchside/contracts/accounts';
import { collectionSchema } from '@benchside/contracts/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const LOGIN_LOGS_PAGE_SIZE = 10;

const loginLogsSchema = collectionSchema(loginLogEntrySchema);

/** `GET /api/user-login-logs`, newest first (spec §7). */
export async function getLoginLogs(page: number) {
  const response = await http.get('/user-login-logs', {
    query: { page, itemsPerPage: LOGIN_LOGS_PAGE_SIZE, 'order[loginAt]': 'desc' },
  });
  return loginLogsSchema.parse(response);
}

export const loginLogsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['account', 'login-logs', page],
    queryFn: () => getLoginLogs(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useLoginLogs(page: number) {
  return useQuery(loginLogsQueryOptions(page));
}
