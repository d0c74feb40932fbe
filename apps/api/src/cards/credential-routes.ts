import {
  byUserCrdQuerySchema,
  changeCrdPasswordResponseSchema,
  finishSessionsResponseSchema,
  idParamsSchema,
  type UserCrd,
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
import { z } from 'zod';
import { signedInUser } from '../account/profile-routes.ts';
import { mailUser, userAgentOf } from '../auth/account-context.ts';
import {
  type Db,
  fetchPage,
  generateCrdPassword,
  logCard,
  onlyOwnUserCrd,
  ownCard,
  ownUserCrd,
} from './card-store.ts';
import type { CardsContext } from './routes.ts';

export const CRD_PASSWORD_CHANGED_MESSAGE =
  'A new password was generated and e-mailed to you. It is shown only this once.';
export const CRD_SESSIONS_FINISHED_MESSAGE = 'Every session of this credential has been finished.';

const optionalIdBodySchema = z.object({ id: z.string().max(64).optional() }).optional();

type CrdRow = { id: string; login: string; card_id: string | null; login_at: Date | null; created_at: Date };

async function toUserCrds(db: Db, rows: CrdRow[]): Promise<UserCrd[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const cardIds = rows.flatMap((row) => (row.card_id ? [row.card_id] : []));
  const [sessions, cards] = await Promise.all([
    db
      .selectFrom('user_crd_sessions')
      .select((eb) => ['user_crd_id', eb.fn.countAll<number>().as('count')])
      .where('user_crd_id', 'in', ids)
      .where('ended_at', 'is', null)
      .groupBy('user_crd_id')
      .execute(),
    cardIds.length > 0
      ? db.selectFrom('cards').select(['id', 'serial']).where('id', 'in', cardIds).execute()
      : Promise.resolve([]),
  ]);
  return rows.map((row) => ({
    id: row.id,
    login: row.login,
    card: row.card_id,
    cardSerial: cards.find((card) => card.id === row.card_id)?.serial ?? null,
    loginAt: row.login_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    activeSessions: Number(sessions.find((entry) => entry.user_crd_id === row.id)?.count ?? 0),
  }));
}

/** The sign-ins of the vendor's desktop tools (`user-crds`): list, detail, logs and their actions. */
export function registerCredentialRoutes(app: App, context: CardsContext): void {
  const { db } = context;
  const requireUser = app.sessions.requireUser;

  app.get(
    '/api/user-crds',
    {
      preHandler: requireUser,
      schema: {
        tags: ['credentials'],
        summary: "The signed-in user's tool credentials, of one card with `card`, by last login",
        security: [{ session: [] }],
        querystring: userCrdsQuerySchema,
        response: { 200: collectionSchema(userCrdSchema) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { card, ...paging } = request.query;
      const direction = request.query['order[loginAt]'];
      // Another user's card is not found, never an empty list that confirms it exists.
      const cardId = card === undefined ? undefined : (await ownCard(db, user.id, card)).id;
      let mine = db.selectFrom('user_crds').where('user_id', '=', user.id);
      if (cardId) mine = mine.where('card_id', '=', cardId);
      const { rows, totalItems } = await fetchPage(mine, paging, (query) =>
        query
          .selectAll()
          .orderBy('login_at', (order) =>
            direction === 'desc' ? order.desc().nullsLast() : order.asc().nullsFirst(),
          )
          .orderBy('login'),
      );
      return { member: await toUserCrds(db, rows), totalItems };
    },
  );

  app.get(
    '/api/user-crds/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['credentials'],
        summary: 'One of your credentials with its open sessions',
        security: [{ session: [] }],
        params: idParamsSchema,
        response: { 200: userCrdDetailSchema },
      },
    },
    async (request) => {
      const crd = await ownUserCrd(db, signedInUser(request).id, request.params.id);
      const [[summary], sessions] = await Promise.all([
        toUserCrds(db, [crd]),
        db
          .selectFrom('user_crd_sessions')
          .selectAll()
          .where('user_crd_id', '=', crd.id)
          .where('ended_at', 'is', null)
          .orderBy('last_seen_at', 'desc')
          .limit(100)
          .execute(),
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

  const crdLogs = async (
    userId: string,
    userCrd: string | undefined,
    paging: { page: number; itemsPerPage: number },
    direction: 'asc' | 'desc' = 'desc',
  ) => {
    const only = await onlyOwnUserCrd(db, userId, userCrd);
    let mine = db
      .selectFrom('user_crd_logs')
      .innerJoin('user_crds', 'user_crds.id', 'user_crd_logs.user_crd_id')
      .where('user_crds.user_id', '=', userId);
    if (only) mine = mine.where('user_crds.id', '=', only);
    const { rows, totalItems } = await fetchPage(mine, paging, (query) =>
      query
        .select([
          'user_crd_logs.id',
          'user_crd_logs.user_crd_id',
          'user_crds.login',
          'user_crd_logs.at',
          'user_crd_logs.event',
          'user_crd_logs.ip',
          'user_crd_logs.machine',
        ])
        .orderBy('user_crd_logs.at', direction)
        .orderBy('user_crd_logs.id', direction),
    );
    return {
      member: rows.map((row) => ({
        id: String(row.id),
        userCrd: row.user_crd_id,
        login: row.login,
        at: row.at.toISOString(),
        event: userCrdLogEventSchema.parse(row.event),
        ip: row.ip,
        machine: row.machine,
      })),
      totalItems,
    };
  };

  app.get(
    '/api/user-crds/log/:id',
    {
      preHandler: requireUser,
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
      crdLogs(signedInUser(request).id, request.params.id, request.query, request.query['order[loginAt]']),
  );

  app.get(
    '/api/user-crd-logs',
    {
      preHandler: requireUser,
      schema: {
        tags: ['credentials'],
        summary: 'The logs of all your credentials (or of one with `userCrd`), newest first',
        security: [{ session: [] }],
        querystring: byUserCrdQuerySchema,
        response: { 200: collectionSchema(userCrdLogSchema) },
      },
    },
    async (request) => crdLogs(signedInUser(request).id, request.query.userCrd, request.query),
  );

  app.post(
    '/api/user-crds/:id/change-password',
    {
      preHandler: requireUser,
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
      const user = signedInUser(request);
      const crd = await ownUserCrd(db, user.id, request.params.id);
      const password = generateCrdPassword();
      const passwordHash = await hashPassword(password);
      // Writes and mail together: the mail goes out only with the new password in place.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('user_crds')
          .set({ password_hash: passwordHash })
          .where('id', '=', crd.id)
          .execute();
        await trx
          .updateTable('user_crd_sessions')
          .set({ ended_at: new Date() })
          .where('user_crd_id', '=', crd.id)
          .where('ended_at', 'is', null)
          .execute();
        await trx
          .insertInto('user_crd_logs')
          .values({
            user_crd_id: crd.id,
            event: 'password-changed',
            ip: request.ip,
            machine: userAgentOf(request),
          })
          .execute();
        await mailUser(trx, user, { kind: 'credentialPassword', login: crd.login, password });
      });
      return { message: CRD_PASSWORD_CHANGED_MESSAGE, password };
    },
  );

  app.post(
    '/api/user-crds/:id/finish-all-sessions',
    {
      preHandler: requireUser,
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
      const user = signedInUser(request);
      const crd = await ownUserCrd(db, user.id, request.params.id);
      const finished = await db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('user_crd_sessions')
          .set({ ended_at: new Date() })
          .where('user_crd_id', '=', crd.id)
          .where('ended_at', 'is', null)
          .returning('id')
          .execute();
        await trx
          .insertInto('user_crd_logs')
          .values({
            user_crd_id: crd.id,
            event: 'sessions-finished',
            ip: request.ip,
            machine: userAgentOf(request),
          })
          .execute();
        return ended.length;
      });
      return { message: CRD_SESSIONS_FINISHED_MESSAGE, finished };
    },
  );

  app.post(
    '/api/unlink-card-from-crds',
    {
      preHandler: requireUser,
      schema: {
        tags: ['credentials'],
        summary: 'Unbind a credential from its card (it stays yours and keeps its password)',
        security: [{ session: [] }],
        body: unlinkCardBodySchema,
        response: { 200: userCrdSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const updated = await db.transaction().execute(async (trx) => {
        const crd = await ownUserCrd(trx, user.id, request.body.userCrd);
        if (crd.card_id === null) return crd;
        const row = await trx
          .updateTable('user_crds')
          .set({ card_id: null })
          .where('id', '=', crd.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('user_crd_logs')
          .values({
            user_crd_id: crd.id,
            event: 'card-unlinked',
            ip: request.ip,
            machine: userAgentOf(request),
          })
          .execute();
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
