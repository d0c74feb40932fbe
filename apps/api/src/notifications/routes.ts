import { collectionSchema } from '@benchside/contracts/common';
import {
  emptyBodySchema,
  notificationChangeSchema,
  notificationIdsBodySchema,
  notificationPatchSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationTotalSchema,
  unreadCountSchema,
} from '@benchside/contracts/notifications';
import type { Database } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import { NotFoundError } from '@benchside/server/errors';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { deleteNotifications, markOneRead, markRead, notificationReads } from './store.ts';

const ID = /^[1-9]\d{0,15}$/;
const security = [{ session: [] }];
const tags = ['notifications'];

/** Spec §7 "Notifications": every call sees and changes only the signed-in user's own notifications. */
export function registerNotificationRoutes(app: App, { db }: { db: Kysely<Database> }): void {
  const reads = notificationReads(db);
  const unreadOf = async (userId: string) => (await reads.counters(userId)).unread;
  /** A change's answer: how many notifications it changed, and the bell's number after it. */
  const changed = async (userId: string, count: number) => ({ count, unreadCount: await unreadOf(userId) });

  app.get(
    '/api/notification-to-users',
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications, a page at a time, newest first by default",
        security,
        querystring: notificationsQuerySchema,
        response: { 200: collectionSchema(notificationSchema) },
      },
    },
    async (request) => {
      const { page, itemsPerPage } = request.query;
      return reads.page(request.user.id, {
        page,
        itemsPerPage,
        direction: request.query['order[createdAt]'],
      });
    },
  );

  app.patch(
    '/api/notification-to-users/:id',
    {
      schema: {
        tags,
        summary: 'Mark one notification read ({"readed": true}); 404 for any notification that is not yours',
        security,
        params: z.object({ id: z.string().max(32) }),
        body: notificationPatchSchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) => {
      if (!ID.test(request.params.id)) throw new NotFoundError();
      const id = Number(request.params.id);
      const marked = Number.isSafeInteger(id) ? await markOneRead(db, request.user.id, id) : undefined;
      if (!marked) throw new NotFoundError('The requested notification is not found');
      return marked;
    },
  );

  app.get(
    '/api/notification/total',
    {
      schema: {
        tags,
        summary: 'How many notifications the signed-in user has, read or not',
        security,
        response: { 200: notificationTotalSchema },
      },
    },
    async (request) => ({ total: (await reads.counters(request.user.id)).total }),
  );

  app.get(
    '/api/notification/unread-count',
    {
      schema: {
        tags,
        summary: "The bell's number: how many of the signed-in user's notifications are unread",
        security,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({ unreadCount: await unreadOf(request.user.id) }),
  );

  app.post(
    '/api/notification/read',
    {
      schema: {
        tags,
        summary: 'Mark the listed notifications read (1..100 ids; ids that are not yours change nothing)',
        security,
        body: notificationIdsBodySchema,
        response: { 200: notificationChangeSchema },
      },
    },
    async (request) => changed(request.user.id, await markRead(db, request.user.id, request.body.ids)),
  );

  app.post(
    '/api/notification/read-all',
    {
      schema: {
        tags,
        summary: "Mark every one of the signed-in user's notifications read",
        security,
        body: emptyBodySchema,
        response: { 200: notificationChangeSchema },
      },
    },
    async (request) => changed(request.user.id, await markRead(db, request.user.id)),
  );

  app.post(
    '/api/notification/delete',
    {
      schema: {
        tags,
        summary: 'Delete the listed notifications (1..100 ids; ids that are not yours change nothing)',
        security,
        body: notificationIdsBodySchema,
        response: { 200: notificationChangeSchema },
      },
    },
    async (request) =>
      changed(request.user.id, await deleteNotifications(db, request.user.id, request.body.ids)),
  );
}
