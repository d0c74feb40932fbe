import { collectionSchema } from '@benchside/contracts/common';
import {
  HEADER_NOTIFICATIONS_COUNT,
  notificationChangeSchema,
  notificationSchema,
  notificationTotalSchema,
  unreadCountSchema,
} from '@benchside/contracts/notifications';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { flagMarkFailure } from '../stores/mark-failures.ts';
import {
  createHeaderNotificationsLoader,
  notificationStore,
  publishUnreadCount,
} from '../stores/notification-state.ts';

/** Page size of /notifications (the spec leaves it open); the bell shows the first 5 (spec §9). */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export const notificationsQueryKey = ['notifications', 'list'] as const;

const pageSchema = collectionSchema(notificationSchema);

/** `GET /api/notification-to-users`, newest first (spec §7). */
export async function getNotifications(page: number, itemsPerPage: number) {
  const response = await http.get('/notification-to-users', {
    query: { page, itemsPerPage, 'order[createdAt]': 'desc' },
  });
  return pageSchema.parse(response);
}

export const notificationsQueryOptions = (page: number, itemsPerPage = NOTIFICATIONS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, page, itemsPerPage],
    queryFn: () => getNotifications(page, itemsPerPage),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useNotifications(page: number) {
  return useQuery(notificationsQueryOptions(page));
}

/** `GET /api/notification/total`: the header's total count (spec §7), read or not. */
export async function getNotificationTotal(): Promise<number> {
  return notificationTotalSchema.parse(await http.get('/notification/total')).total;
}

/** The bell's dropdown (spec §3 client state): page 1, 5 items (spec §9), loaded when it opens. */
export const headerNotifications = createHeaderNotificationsLoader(notificationStore, {
  latest: async () => (await getNotifications(1, HEADER_NOTIFICATIONS_COUNT)).member,
  total: getNotificationTotal,
});

/** `GET /api/notification/unread-count`. */
export async function getUnreadCount(): Promise<number> {
  return unreadCountSchema.parse(await http.get('/notification/unread-count')).unreadCount;
}

/** After a change or a new unread count: the lists on screen follow. */
export function refreshNotificationLists(): Promise<void> {
  headerNotifications.refresh();
  return queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
}

async function applyChange(response: unknown) {
  const change = notificationChangeSchema.parse(response);
  publishUnreadCount(change.unreadCount);
  return change;
}

/** `POST /api/notification/read {ids}`; the dots of ids it could not mark blink. */
export function useMarkRead() {
  return useMutation({
    mutationFn: async (ids: number[]) => applyChange(await http.post('/notification/read', { ids })),
    onError: (_error, ids) => flagMarkFailure(ids),
    onSettled: refreshNotificationLists,
  });
}

/** `POST /api/notification/read-all {}`; takes the unread ids on screen, whose dots blink when it fails. */
export function useMarkAllRead() {
  return useMutation({
    mutationFn: async (_unreadShown: number[]) => applyChange(await http.post('/notification/read-all', {})),
    onError: (_error, unreadShown) => flagMarkFailure(unreadShown),
    onSettled: refreshNotificationLists,
  });
}

/** `POST /api/notification/delete {ids}`. */
export function useDeleteNotifications() {
  return useMutation({
    mutationFn: async (ids: number[]) => applyChange(await http.post('/notification/delete', { ids })),
    onSettled: refreshNotificationLists,
  });
}

/** `PATCH /api/notification-to-users/{id}` with `{readed: true}`: marks one read, or its dot blinks. */
export function useMarkOneRead() {
  return useMutation({
    mutationFn: async (id: number) =>
      notificationSchema.parse(await http.patch(`/notification-to-users/${id}`, { readed: true })),
    onSuccess: async () => publishUnreadCount(await getUnreadCount()),
    onError: (_error, id) => flagMarkFailure([id]),
    onSettled: refreshNotificationLists,
  });
}
