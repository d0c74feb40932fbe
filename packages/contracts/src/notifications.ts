import { z } from 'zod';
import { pagingQuerySchema, sortDirectionSchema } from './common.ts';

/**
 * Spec §3 "Notification" and §7 "Notifications". The unread count and marking one notification read
 * are not shown by the spec; their paths are recorded in docs/decisions/072-notification-paths.md.
 */

/** The bell's latest-five dropdown (spec §9: page 1, 5 items). */
export const HEADER_NOTIFICATIONS_COUNT = 5;
/** Ids one bulk call may name: a full page of the largest page size. */
export const MAX_BULK_IDS = 100;
export const MAX_NOTIFICATION_MESSAGE_LENGTH = 2000;

/** One notification as its recipient sees it; `id` is the recipient's copy, `readed` the spec's word. */
export const notificationSchema = z.object({
  id: z.number().int().positive(),
  message: z.string(),
  readed: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The portal page it is about (e.g. a watched model's new firmware); absent for plain messages. */
  link: z.string().startsWith('/').optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notification-to-users?page&itemsPerPage&order[createdAt]=desc`. */
export const notificationsQuerySchema = pagingQuerySchema.extend({
  'order[createdAt]': sortDirectionSchema.default('desc'),
});

const notificationIdSchema = z
  .number('Each id must be a notification id')
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);

/** `POST /api/notification/read` and `/delete`: the recipient's ids, 1..100 of them. */
export const notificationIdsBodySchema = z.object({
  ids: z
    .array(notificationIdSchema, 'ids must be a list of notification ids')
    .min(1, 'Choose at least one notification')
    .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} notifications at a time`),
});

/** `POST /api/notification/read-all` takes an empty object. */
export const emptyBodySchema = z.object({}).strict();

/** `GET /api/notification/unread-count`, and the new count after every change. */
export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });

/** `GET /api/notification/total`: every notification of the user, read or not. */
export const notificationTotalSchema = z.object({ total: z.number().int().min(0) });

/** What a bulk change did: how many of the user's notifications it touched, and the new unread count. */
export const notificationChangeSchema = unreadCountSchema.extend({ count: z.number().int().min(0) });

/** `PATCH /api/notification-to-users/{id}` (merge-patch): only marking read is possible. */
export const notificationPatchSchema = z.object({ readed: z.literal(true) }).strict();

/** `/notifications` may be opened with this navigation state (spec §2): that one is marked read. */
export const notificationNavigationStateSchema = z.object({ notificationId: z.number().int().positive() });
