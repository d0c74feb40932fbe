import { messageResponseSchema, sessionEntrySchema } from '@benchside/contracts/accounts';
import { collectionSchema } from '@benchside/contracts/common';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

const sessionsSchema = collectionSchema(sessionEntrySchema);

/** `GET /api/sessions`: the devices signed in to this account, the current one marked. */
export async function getSessions() {
  return sessionsSchema.parse(await http.get('/sessions'));
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

const refreshSessions = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });

/** `DELETE /api/sessions/{id}`: signs that device out. */
export function useEndSession() {
  return useMutation({
    mutationFn: (id: string) => http.delete(`/sessions/${encodeURIComponent(id)}`),
    onSettled: refreshSessions,
  });
}

/** `POST /api/sessions/end-others`: every device but this one is signed out. */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: async () => messageResponseSchema.parse(await http.post('/sessions/end-others', {})).message,
    onSettled: refreshSessions,
  });
}
