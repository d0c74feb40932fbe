import { createHash, randomBytes } from 'node:crypto';
import {
  byUserCrdQuerySchema,
  createdThirdPartyTokenSchema,
  createThirdPartyTokenBodySchema,
  creditSubscriptionsSchema,
  idParamsSchema,
  thirdPartyTokenPatchSchema,
  thirdPartyTokenSchema,
  thirdPartyTokensQuerySchema,
  tokenEventSchema,
  tokenFingerprintSchema,
} from '@benchside/contracts/cards';
import { collectionSchema, pagingQuerySchema } from '@benchside/contracts/common';
import type { App } from '@benchside/server/create-server';
import { UnsupportedMediaTypeError } from '@benchside/server/errors';
import { ownUserCrd, pageOfOwnCrds } from './credential-store.ts';
import type { CardsContext } from './routes.ts';
import {
  createThirdPartyToken,
  deleteThirdPartyToken,
  listCreditSubscriptions,
  listThirdPartyTokens,
  listTokenEvents,
  listTokenFingerprints,
  ownThirdPartyToken,
  remainingCredits,
  setThirdPartyTokenActive,
} from './token-store.ts';

const MERGE_PATCH = 'application/merge-patch+json';

type TokenRow = { id: string; user_crd_id: string; name: string; active: boolean; created_at: Date };

function toThirdPartyToken(row: TokenRow) {
  return {
    id: row.id,
    userCrd: row.user_crd_id,
    name: row.name,
    active: row.active,
    createdAt: row.created_at.toISOString(),
  };
}

type PageRow<List extends (...args: never[]) => Promise<{ rows: unknown[] }>> = Awaited<
  ReturnType<List>
>['rows'][number];

function toTokenEvent(row: PageRow<typeof listTokenEvents>) {
  return { event: row.event, machine: row.machine, at: row.at.toISOString() };
}

function toTokenFingerprint(row: PageRow<typeof listTokenFingerprints>) {
  return {
    fingerprint: row.fingerprint,
    machine: row.machine,
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
  };
}

/** Credits, token events and fingerprints, and the third-party software tokens of credentials. */
export function registerTokenRoutes(app: App, context: CardsContext): void {
  const { db } = context;

  app.get(
    '/api/user-credit-subscriptions',
    {
      schema: {
        tags: ['credits'],
        summary: 'Your credit packs and subscriptions, newest first, and the credits left on the valid ones',
        security: [{ session: [] }],
        querystring: pagingQuerySchema,
        response: { 200: creditSubscriptionsSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const now = new Date();
      const [{ rows, totalItems }, remaining] = await Promise.all([
        listCreditSubscriptions(db, user.id, request.query),
        remainingCredits(db, user.id, now),
      ]);
      return {
        member: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          product: row.product_id,
          productName: row.name,
          amount: row.amount,
          used: row.used,
          remaining: row.valid_until && row.valid_until <= now ? 0 : Math.max(row.amount - row.used, 0),
          validUntil: row.valid_until?.toISOString() ?? null,
          createdAt: row.created_at.toISOString(),
        })),
        totalItems,
        remainingCredits: remaining,
      };
    },
  );

  app.get(
    '/api/token-events',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Tool sign-in tokens issued, refreshed and revoked for your credentials, newest first',
        security: [{ session: [] }],
        querystring: byUserCrdQuerySchema,
        response: { 200: collectionSchema(tokenEventSchema) },
      },
    },
    async (request) => pageOfOwnCrds(db, request.user.id, request.query, listTokenEvents, toTokenEvent),
  );

  app.get(
    '/api/token-fingerprints',
    {
      schema: {
        tags: ['tokens'],
        summary: "Machines where your credentials' tools were used, most recently seen first",
        security: [{ session: [] }],
        querystring: byUserCrdQuerySchema,
        response: { 200: collectionSchema(tokenFingerprintSchema) },
      },
    },
    async (request) =>
      pageOfOwnCrds(db, request.user.id, request.query, listTokenFingerprints, toTokenFingerprint),
  );

  app.get(
    '/api/third-party-software-tokens',
    {
      schema: {
        tags: ['tokens'],
        summary: 'The third-party software tokens of one of your credentials, newest first',
        security: [{ session: [] }],
        querystring: thirdPartyTokensQuerySchema,
        response: { 200: collectionSchema(thirdPartyTokenSchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const crd = await ownUserCrd(db, user.id, request.query.userCrd);
      const { rows, totalItems } = await listThirdPartyTokens(db, crd.id, request.query);
      return { member: rows.map(toThirdPartyToken), totalItems };
    },
  );

  app.post(
    '/api/third-party-software-tokens',
    {
      schema: {
        tags: ['tokens'],
        summary:
          'Create a token that lets third-party software act for a credential; the secret is answered once',
        security: [{ session: [] }],
        body: createThirdPartyTokenBodySchema,
        response: { 201: createdThirdPartyTokenSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const crd = await ownUserCrd(db, user.id, request.body.userCrd);
      const token = `bst_${randomBytes(32).toString('base64url')}`;
      const row = await createThirdPartyToken(db, {
        userCrdId: crd.id,
        name: request.body.name,
        tokenHash: createHash('sha256').update(token).digest('hex'),
      });
      return reply.code(201).send({ ...toThirdPartyToken(row), token });
    },
  );

  app.patch(
    '/api/third-party-software-tokens/:id',
    {
      onRequest: async (request) => {
        const contentType = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
        if (contentType !== MERGE_PATCH) {
          throw new UnsupportedMediaTypeError(`Unsupported content type: send ${MERGE_PATCH}`);
        }
      },
      schema: {
        tags: ['tokens'],
        summary: 'Turn a third-party software token on or off (merge-patch {active})',
        security: [{ session: [] }],
        params: idParamsSchema,
        body: thirdPartyTokenPatchSchema,
        response: { 200: thirdPartyTokenSchema },
      },
    },
    async (request) => {
      const token = await ownThirdPartyToken(db, request.user.id, request.params.id);
      if (request.body.active === undefined) return toThirdPartyToken(token);
      const row = await setThirdPartyTokenActive(db, token.id, request.body.active);
      return toThirdPartyToken(row);
    },
  );

  app.delete(
    '/api/third-party-software-tokens/:id',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Delete a third-party software token for good',
        security: [{ session: [] }],
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const token = await ownThirdPartyToken(db, request.user.id, request.params.id);
      await deleteThirdPartyToken(db, token.id);
      return reply.code(204).send();
    },
  );
}
