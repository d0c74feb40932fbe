import { collectionSchema } from '@benchside/contracts/common';
import {
  watchesQuerySchema,
  watchIdParamsSchema,
  watchMatchSchema,
  watchSchema,
  watchTargetSchema,
} from '@benchside/contracts/watches';
import type { Database } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import type { RateLimiter } from '@benchside/server/rate-limit';
import type { Kysely } from 'kysely';
import { LIMITS } from '../auth/limits.ts';
import { findWatch, listWatches, unwatch, watch } from './store.ts';

const security = [{ session: [] }];
const tags = ['watches'];

/**
 * The watch list (issue 19 item 5): each call sees and changes only the signed-in technician's own
 * watches; another user's watch is not found, never a hint that it exists.
 */
export function registerWatchRoutes(
  app: App,
  { db, limiter }: { db: Kysely<Database>; limiter: RateLimiter },
): void {
  app.get(
    '/api/watches',
    {
      schema: {
        tags,
        summary: 'Your watches, newest first, each with the newest package published for it',
        security,
        querystring: watchesQuerySchema,
        response: { 200: collectionSchema(watchSchema) },
      },
    },
    async (request) => listWatches(db, request.user.id, request.query),
  );

  app.get(
    '/api/watches/match',
    {
      schema: {
        tags,
        summary: 'Your watch of one model (`kind=model&brand&name`) or tool (`kind=tool&name`), or null',
        security,
        querystring: watchTargetSchema,
        response: { 200: watchMatchSchema },
      },
    },
    async (request) => ({ watch: await findWatch(db, request.user.id, request.query) }),
  );

  app.put(
    '/api/watches',
    {
      schema: {
        tags,
        summary: `Watch a model or tool; watching it again answers the same watch (200), a new one 201, a full list 409`,
        security,
        body: watchTargetSchema,
        response: { 200: watchSchema, 201: watchSchema },
      },
    },
    async (request, reply) => {
      await limiter.consume(LIMITS.watchChange, request.user.id);
      const saved = await watch(db, request.user.id, request.body);
      return reply.code(saved.created ? 201 : 200).send(saved.watch);
    },
  );

  app.delete(
    '/api/watches/:id',
    {
      schema: {
        tags,
        summary: 'Stop one of your watches; 404 for any watch that is not yours',
        security,
        params: watchIdParamsSchema,
      },
    },
    async (request, reply) => {
      await limiter.consume(LIMITS.watchChange, request.user.id);
      await unwatch(db, request.user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
