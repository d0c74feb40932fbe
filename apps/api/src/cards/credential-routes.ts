import {
  byUserCrdQuerySchema,
  changeCrdPasswordResponseSchema,
  finishSessionsResponseSchema,
  idParamsSchema,
  unlinkCardBodySchema,
  userCrdDetailSchema,
  userCrdLogEventSchema,
  userCrdLogSchema,
  userCrdSchema,
  userCrdsQuerySchema,
} from '@benchside/contracts/cards';
import { collectionSchema, pagingQuerySchema, sortDirectionSchema } from '@benchside/contracts/common';
import type { App } from '@benchside/server/create-server';
import { hashPassword } from '@benchside/server/passwords';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mailUser } from '../auth/account-mail.ts';
import { userAgentOf } from '../auth/login-history.ts';
import { generateCrdPassword, logCard, ownCard } from './card-store.ts';
import {
  endCrdSessions,
  listCrdLogs,
  listOpenCrdSessions,
  listUserCrds,
  logCrdEvent,
  ownUserCrd,
  pageOfOwnCrds,
  setCrdPasswordHash,
  toUserCrds,
  unlinkCrdFromCard,
} from './credential-store.ts';
import type { CardsContext } from './routes.ts';

export const CRD_PASSWORD_CHANGED_MESSAGE =
  'A new password was generated and e-mailed to you. It is shown only this once.';
export const CRD_SESSIONS_FINISHED_MESSAGE = 'Every session of this credential has been finished.';

const optionalIdBodySchema = z.object({ id: z.string().max(64).optional() }).optional();

/** Where a credential action came from, as the credential's log records it. */
function originOf(request: FastifyRequest): { ip: string; machine: string } {
  return { ip: request.ip, machine: userAgentOf(request) };
}

/** The sign-ins of the vendor's desktop tools (`user-crds`): list, detail, logs and their actions. */
export function registerCredentialRoutes(app: App, context: CardsContext): void {
  const { db } = context;

  app.get(
    '/api/user-crds',
    {
      schema: {
        tags: ['credentials'],
        summary: "The signed-in user's tool credentials, of one card with `card`, by last login",
        security: [{ session: [] }],
        querystring: userCrdsQuerySchema,
        response: { 200: collectionSchema(userCrdSchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const { card, ...paging } = request.query;
      const direction = request.query['order[loginAt]'];
      // Another user's card is not found, never an empty list that confirms it exists.
      const cardId = card === undefined ? undefined : (await ownCard(db, user.id, card)).id;
      const { rows, totalItems } = await listUserCrds(db, { userId: user.id, cardId }, paging, direction);
      return { member: await toUserCrds(db, rows), totalItems };
    },
  );

  app.get(
    '/api/user-crds/:id',
    {
      schema: {
        tags: ['credentials'],
        summary: 'One of your credentials with its open sessions',
        security: [{ session: [] }],
        params: idParamsSchema,
        response: { 200: userCrdDetailSchema },
      },
    },
    async (request) => {
      const crd = await ownUserCrd(db, request.user.id, request.params.id);
      const [[summary], sessions] = await Promise.all([
        toUserCrds(db, [crd]),
        listOpenCrdSessions(db, crd.id),
      ]);
      if (!summary) throw new Error('unreachable: one credential in, one out');
      return {
        ...summary,
        sessions: sessions.map((session) => ({
          id: session.id,
          machine: session.machine,
          startedAt: session.started_at.toISOString(),
          lastSeenAt: session.last_seen_at.toISOString(),
        })),
      };
    },
  );

  const crdLogs = (
    userId: string,
    userCrd: string | undefined,
    paging: { page: number; itemsPerPage: number },
    direction: 'asc' | 'desc' = 'desc',
  ) =>
    pageOfOwnCrds(
      db,
      userId,
      { ...paging, userCrd },
      (reader, filter, page) => listCrdLogs(reader, filter, page, direction),
      (row) => ({
        at: row.at.toISOString(),
        event: userCrdLogEventSchema.parse(row.event),
        ip: row.ip,
        machine: row.machine,
      }),
    );

  app.get(
    '/api/user-crds/log/:id',
    {
      schema: {
        tags: ['credentials'],
        summary: "One of your credentials' log, newest first",
        security: [{ session: [] }],
        params: idParamsSchema,
        querystring: pagingQuerySchema.extend({ 'order[loginAt]': sortDirectionSchema.default('desc') }),
        response: { 200: collectionSchema(userCrdLogSchema) },
      },
    },
    async (request) =>
      crdLogs(request.user.id, request.params.id, request.query, request.query['order[loginAt]']),
  );

  app.get(
    '/api/user-crd-logs',
    {
      schema: {
        tags: ['credentials'],
        summary: 'The logs of all your credentials (or of one with `userCrd`), newest first',
        security: [{ session: [] }],
        querystring: byUserCrdQuerySchema,
        response: { 200: collectionSchema(userCrdLogSchema) },
      },
    },
    async (request) => crdLogs(request.user.id, request.query.userCrd, request.query),
  );

  app.post(
    '/api/user-crds/:id/change-password',
    {
      schema: {
        tags: ['credentials'],
        summary: 'Generate a new password for a credential: answered once, e-mailed, every session finished',
        security: [{ session: [] }],
        params: idParamsSchema,
        body: optionalIdBodySchema,
        response: { 200: changeCrdPasswordResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const crd = await ownUserCrd(db, user.id, request.params.id);
      const password = generateCrdPassword();
      const passwordHash = await hashPassword(password);
      // Writes and mail together: the mail goes out only with the new password in place.
      await db.transaction().execute(async (trx) => {
        await setCrdPasswordHash(trx, crd.id, passwordHash);
        await endCrdSessions(trx, crd.id);
        await logCrdEvent(trx, crd.id, 'password-changed', originOf(request));
        await mailUser(trx, user, { kind: 'credentialPassword', login: crd.login, password });
      });
      return { message: CRD_PASSWORD_CHANGED_MESSAGE, password };
    },
  );

  app.post(
    '/api/user-crds/:id/finish-all-sessions',
    {
      schema: {
        tags: ['credentials'],
        summary: "End every open session of one of your credentials' tools",
        security: [{ session: [] }],
        params: idParamsSchema,
        body: optionalIdBodySchema,
        response: { 200: finishSessionsResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const crd = await ownUserCrd(db, user.id, request.params.id);
      const finished = await db.transaction().execute(async (trx) => {
        const ended = await endCrdSessions(trx, crd.id);
        await logCrdEvent(trx, crd.id, 'sessions-finished', originOf(request));
        return ended;
      });
      return { message: CRD_SESSIONS_FINISHED_MESSAGE, finished };
    },
  );

  app.post(
    '/api/unlink-card-from-crds',
    {
      schema: {
        tags: ['credentials'],
        summary: 'Unbind a credential from its card (it stays yours and keeps its password)',
        security: [{ session: [] }],
        body: unlinkCardBodySchema,
        response: { 200: userCrdSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const updated = await db.transaction().execute(async (trx) => {
        const crd = await ownUserCrd(trx, user.id, request.body.userCrd);
        if (crd.card_id === null) return crd;
        const row = await unlinkCrdFromCard(trx, crd.id);
        await logCrdEvent(trx, crd.id, 'card-unlinked', originOf(request));
        await logCard(trx, {
          cardId: crd.card_id,
          userId: user.id,
          event: 'credential-unlinked',
          detail: crd.login,
        });
        return row;
      });
      const [crd] = await toUserCrds(db, [updated]);
      return crd;
    },
  );
}
