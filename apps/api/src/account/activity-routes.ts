import {
  loginLogEntrySchema,
  loginLogsQuerySchema,
  messageResponseSchema,
  sessionEntrySchema,
} from '@benchside/contracts/accounts';
import { collectionSchema } from '@benchside/contracts/common';
import { pageWindow } from '@benchside/db/page-window';
import type { App } from '@benchside/server/create-server';
import { NotFoundError } from '@benchside/server/errors';
import { SESSION_IDLE_TIMEOUT_MS } from '@benchside/server/sessions';
import { z } from 'zod';
import type { AccountContext } from '../auth/account-context.ts';

export const OTHER_SESSIONS_ENDED_MESSAGE = 'You have been signed out on every other device.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The login history and the signed-in devices of the current user (issue §7, Keycloak-style). */
export function registerActivityRoutes(app: App, context: AccountContext): void {
  const { db } = context;

  app.get(
    '/api/user-login-logs',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's sign-in attempts, failed ones too",
        security: [{ session: [] }],
        querystring: loginLogsQuerySchema,
        response: { 200: collectionSchema(loginLogEntrySchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const { page, itemsPerPage } = request.query;
      const direction = request.query['order[loginAt]'];
      const window = pageWindow(page, itemsPerPage);
      const [rows, total] = await Promise.all([
        db
          .selectFrom('login_logs')
          .selectAll()
          .where('user_id', '=', user.id)
          .orderBy('login_at', direction)
          .orderBy('id', direction)
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        db
          .selectFrom('login_logs')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        member: rows.map((row) => ({
          id: String(row.id),
          loginAt: row.login_at.toISOString(),
          ip: row.ip,
          userAgent: row.user_agent,
          success: row.success,
        })),
        totalItems: Number(total.total),
      };
    },
  );

  app.get(
    '/api/sessions',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's devices (live sessions), the current one marked",
        security: [{ session: [] }],
        response: { 200: collectionSchema(sessionEntrySchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const current = app.sessions.tokenHashOf(request);
      const now = Date.now();
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('expires_at', '>', new Date(now))
        .where('last_seen_at', '>', new Date(now - SESSION_IDLE_TIMEOUT_MS))
        .orderBy('last_seen_at', 'desc')
        .execute();
      return {
        member: rows.map((row) => ({
          id: row.id,
          createdAt: row.created_at.toISOString(),
          lastSeenAt: row.last_seen_at.toISOString(),
          ip: row.ip ?? '',
          userAgent: row.user_agent ?? '',
          current: row.token_hash === current,
        })),
        totalItems: rows.length,
      };
    },
  );

  app.delete(
    '/api/sessions/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out one of your devices (404 for any session that is not yours)',
        security: [{ session: [] }],
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!UUID.test(request.params.id)) throw new NotFoundError();
      const ended = await db
        .deleteFrom('sessions')
        .where('id', '=', request.params.id)
        .where('user_id', '=', user.id)
        .returning('token_hash')
        .executeTakeFirst();
      if (!ended) throw new NotFoundError();
      if (ended.token_hash === app.sessions.tokenHashOf(request)) await app.sessions.end(request, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/sessions/end-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere else: every session but this one ends',
        security: [{ session: [] }],
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await app.sessions.endAllOf(request.user.id, { except: request });
      return { message: OTHER_SESSIONS_ENDED_MESSAGE };
    },
  );
}
