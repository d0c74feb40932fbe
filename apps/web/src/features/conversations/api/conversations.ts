import { collectionSchema } from '@benchside/contracts/common';
import {
  type CreateThreadBody,
  conversationDetailSchema,
  conversationSummarySchema,
  threadSchema,
} from '@benchside/contracts/conversations';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const CONVERSATIONS_PAGE_SIZE = 20;
export const conversationsQueryKey = ['conversations'] as const;

const conversationsSchema = collectionSchema(conversationSummarySchema);

/** `GET /api/conversations`: newest activity first, with the unread state. */
export async function getConversations(page: number) {
  const response = await http.get('/conversations', {
    query: { page, itemsPerPage: CONVERSATIONS_PAGE_SIZE },
  });
  return conversationsSchema.parse(response);
}

export const conversationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...conversationsQueryKey, 'list', page],
    queryFn: () => getConversations(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useConversations(page: number) {
  return useQuery(conversationsQueryOptions(page));
}

/** `GET /api/conversations/{id}`: every message and file; the server marks it read. */
export async function getConversation(id: string) {
  return conversationDetailSchema.parse(await http.get(`/conversations/${encodeURIComponent(id)}`));
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: [...conversationsQueryKey, 'detail', id],
    queryFn: async () => {
      const conversation = await getConversation(id);
      // Opening it marked it read: the list must not show it unread any more.
      void queryClient.invalidateQueries({ queryKey: [...conversationsQueryKey, 'list'] });
      return conversation;
    },
    staleTime: 0,
  });
}

/** `POST /api/threads`: a reply, or a new conversation when `conversationId` is null. */
export function useSendThread() {
  return useMutation({
    mutationFn: async (body: CreateThreadBody) => threadSchema.parse(await http.post('/threads', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}
