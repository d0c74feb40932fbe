import {
  cardMac,
  deriveCardKey,
  encodeValidationId,
  masterKeyId,
  validationMessage,
  verifyActivationToken,
} from '@benchside/card-crypto/card-validation';
import { SIMULATED_CARD_SERIAL } from '@benchside/contracts/card-validation';
import {
  cardAssignedLogSchema,
  cardDownloadSchema,
  cardLogEntrySchema,
  cardSchema,
  creditSubscriptionsSchema,
  productSchema,
  thirdPartyTokenSchema,
  tokenEventSchema,
  userCrdDetailSchema,
  userCrdLogSchema,
  userCrdSchema,
} from '@benchside/contracts/cards';
import { collectionSchema } from '@benchside/contracts/common';
import { DEMO_VENDOR_CARD_MASTER_KEY } from '@benchside/contracts/helper';
import { verifyPassword } from '@benchside/server/passwords';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCard } from '../src/cards/card-store.ts';
import { seedCards } from '../src/seed/cards.ts';
import { call, errorOf, mailsTo } from './accounts-helpers.ts';

const MIA = { username: 'mia', email: 'mia@example.test', password: 'Mia#Bench2026', name: 'Mia' };
const NED = { username: 'ned', email: 'ned@example.test', password: 'Ned#Bench2026', name: 'Ned' };

/** What the card in the reader computes (the simulated card does exactly this). */
async function validationFor(
  serial: string,
  options: { issuedAt?: Date; nonce?: string; masterKey?: string } = {},
): Promise<string> {
  const nonce =
    options.nonce ?? Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
  const issuedAt = (options.issuedAt ?? new Date()).toISOString();
  const key = await deriveCardKey(options.masterKey ?? DEMO_VENDOR_CARD_MASTER_KEY, serial);
  const mac = await cardMac(key, validationMessage(serial, nonce, issuedAt));
  return encodeValidationId({ v: 1, serial, nonce, issuedAt, mac });
}

async function json<T>(response: Response, schema: { parse(value: unknown): T }, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return schema.parse(JSON.parse(text));
}

const cards = collectionSchema(cardSchema);
const crds = collectionSchema(userCrdSchema);
const assignedLogs = collectionSchema(cardAssignedLogSchema);

describe('cards and credits', () => {
  let api: RunningApi;
  let mia: string;
  let ned: string;
  let miaCards: { id: string; serial: string }[];
  let miaCrd: { id: string; login: string };

  beforeAll(async () => {
    api = await startApi();
    const [miaId, nedId] = await Promise.all([createUser(api.db, MIA), createUser(api.db, NED)]);
    await seedCards(api.db, { id: miaId, username: MIA.username });
    const nedCard = await api.db
      .insertInto('cards')
      .values({ serial: 'BSC-000900', firmware_version: '2.1.0' })
      .returningAll()
      .executeTakeFirstOrThrow();
    await assignCard(api.db, nedCard, { id: nedId, username: NED.username });
    [mia, ned] = await Promise.all([
      signIn(api, MIA.username, MIA.password),
      signIn(api, NED.username, NED.password),
    ]);
    miaCards = (await json(await call(api, 'GET', '/api/cards', { cookie: mia }), cards)).member;
    const list = await json(await call(api, 'GET', '/api/user-crds', { cookie: mia }), crds);
    const [first] = list.member;
    if (!first) throw new Error('the seed gives mia credentials');
    miaCrd = first;
  });
  afterAll(async () => {
    await api.close();
  });

  describe('validation', () => {
    it('assigns the simulated card to the user who validates it, with a credential bound to it', async () => {
      const validationId = await validationFor(SIMULATED_CARD_SERIAL);
      const card = await json(
        await call(api, 'POST', '/api/card/validate', {
          cookie: ned,
          body: { card: SIMULATED_CARD_SERIAL, validationId },
        }),
        cardSchema,
      );
      expect(card).toMatchObject({ serial: SIMULATED_CARD_SERIAL, state: 'active', credentials: 1 });
      expect(card.products.map((product) => product.id).sort()).toEqual(['repair-suite', 'unlock-pro']);
      const nedCards = await json(await call(api, 'GET', '/api/cards', { cookie: ned }), cards);
      expect(nedCards.member.map((entry) => entry.serial)).toEqual(['BSC-000123', 'BSC-000900']);
      const logs = await json(
        await call(api, 'GET', '/api/card-assigned-logs', { cookie: ned }),
        assignedLogs,
      );
      expect(logs.member[0]).toMatchObject({ serial: SIMULATED_CARD_SERIAL, action: 'assigned' });

      // The same validation a second time is a replay, even by its owner.
      const replay = await call(api, 'POST', '/api/card/validate', {
        cookie: ned,
        body: { card: SIMULATED_CARD_SERIAL, validationId },
      });
      expect(replay.status).toBe(400);
      expect((await errorOf(replay)).message).toBe(
        'The card validation was already used, please validate the card again',
      );
    });

    it('refuses forged, edited, stale, other-card and taken-card validations', async () => {
      const refuse = async (body: unknown, status: number, message: string) => {
        const response = await call(api, 'POST', '/api/card/validate', { cookie: mia, body });
        expect(response.status).toBe(status);
        expect((await errorOf(response)).message).toBe(message);
      };
      const forged = await validationFor(SIMULATED_CARD_SERIAL, { masterKey: 'a'.repeat(64) });
      await refuse(
        { card: SIMULATED_CARD_SERIAL, validationId: forged },
        400,
        'The card validation is not valid',
      );
      const genuine = JSON.parse(
        Buffer.from(await validationFor('BSC-000101'), 'base64url').toString('utf8'),
      ) as Record<string, unknown>;
      const edited = Buffer.from(JSON.stringify({ ...genuine, nonce: 'A'.repeat(22) })).toString('base64url');
      await refuse({ card: 'BSC-000101', validationId: edited }, 400, 'The card validation is not valid');
      const stale = await validationFor('BSC-000101', { issuedAt: new Date(Date.now() - 6 * 60_000) });
      await refuse(
        { card: 'BSC-000101', validationId: stale },
        400,
        'The card validation has expired, please validate the card again',
      );
      await refuse(
        { card: 'BSC-000102', validationId: await validationFor('BSC-000101') },
        400,
        'The card validation belongs to another card',
      );
      await refuse(
        { card: 'BSC-000101', validationId: 'not json at all' },
        400,
        'validationId: The validation must be base64url encoded',
      );
      // Holding the card proves nothing about whose account it is in: still the other user's.
      await refuse(
        { card: SIMULATED_CARD_SERIAL, validationId: await validationFor(SIMULATED_CARD_SERIAL) },
        409,
        'This card is assigned to another account',
      );
      await refuse(
        { card: 'BSC-000555', validationId: await validationFor('BSC-000555') },
        404,
        'This card is not registered with Benchside',
      );
    });
  });

  describe('ownership', () => {
    it("answers 404 for another user's card, credential and token, and for ids of any other shape", async () => {
      const [card] = miaCards;
      if (!card) throw new Error('mia has cards');
      const tokens = await json(
        await call(api, 'GET', `/api/third-party-software-tokens?userCrd=${miaCrd.id}`, { cookie: mia }),
        collectionSchema(thirdPartyTokenSchema),
      );
      const tokenId = tokens.member[0]?.id ?? '';
      const attempts: [string, string, unknown?][] = [
        ['GET', `/api/cards/${card.id}`],
        ['DELETE', `/api/cards/${card.id}`],
        ['GET', `/api/card/log/${card.id}`],
        ['GET', `/api/cards/${card.id}/downloads`],
        ['POST', `/api/cards/${card.id}/activations`, { product: 'unlock-pro' }],
        ['POST', `/api/cards/${card.id}/report`, { firmwareVersion: '9.9.9', products: [] }],
        ['GET', `/api/user-crds?card=${card.id}`],
        ['GET', `/api/user-crds/${miaCrd.id}`],
        ['GET', `/api/user-crds/log/${miaCrd.id}`],
        ['GET', `/api/user-crd-logs?userCrd=${miaCrd.id}`],
        ['POST', `/api/user-crds/${miaCrd.id}/change-password`, { id: miaCrd.id }],
        ['POST', `/api/user-crds/${miaCrd.id}/finish-all-sessions`, { id: miaCrd.id }],
        ['POST', '/api/unlink-card-from-crds', { userCrd: miaCrd.id }],
        ['GET', `/api/token-events?userCrd=${miaCrd.id}`],
        ['GET', `/api/token-fingerprints?userCrd=${miaCrd.id}`],
        ['GET', `/api/third-party-software-tokens?userCrd=${miaCrd.id}`],
        ['POST', '/api/third-party-software-tokens', { userCrd: miaCrd.id, name: 'Spy' }],
        ['DELETE', `/api/third-party-software-tokens/${tokenId}`],
        ['GET', '/api/cards/not-a-uuid'],
        ['GET', '/api/user-crds/42'],
      ];
      for (const [method, path, body] of attempts) {
        const response = await call(api, method, path, { cookie: ned, ...(body ? { body } : {}) });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      const patch = await call(api, 'PATCH', `/api/third-party-software-tokens/${tokenId}`, {
        cookie: ned,
        body: { active: false },
        contentType: 'application/merge-patch+json',
      });
      expect(patch.status).toBe(404);
      // Nothing of mia's changed.
      const still = await json(await call(api, 'GET', `/api/cards/${card.id}`, { cookie: mia }), cardSchema);
      expect(still.firmwareVersion).not.toBe('9.9.9');
    });

    it('asks for a session', async () => {
      expect((await call(api, 'GET', '/api/cards')).status).toBe(401);
      expect((await call(api, 'GET', '/api/user-crds')).status).toBe(401);
    });
  });

  describe('lists', () => {
    it('pages the downloads of a card by date, newest first by default, with bounded itemsPerPage', async () => {
      const card = miaCards.find((entry) => entry.serial === 'BSC-000101');
      if (!card) throw new Error('mia has BSC-000101');
      const page = (query: string) =>
        call(api, 'GET', `/api/cards/${card.id}/downloads?${query}`, { cookie: mia });
      const all = await json(await page('itemsPerPage=100'), collectionSchema(cardDownloadSchema));
      expect(all.totalItems).toBe(8);
      const dates = all.member.map((entry) => entry.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const third = await json(
        await page('page=3&itemsPerPage=3&order[date]=desc'),
        collectionSchema(cardDownloadSchema),
      );
      expect(third).toEqual({ member: all.member.slice(6, 8), totalItems: 8 });
      const ascending = await json(await page('order[date]=asc'), collectionSchema(cardDownloadSchema));
      expect(ascending.member.map((entry) => entry.date)).toEqual([...dates].reverse());
      for (const bad of ['itemsPerPage=101', 'itemsPerPage=0', 'page=0', 'order[date]=sideways']) {
        expect((await page(bad)).status, bad).toBe(400);
      }
      expect((await call(api, 'GET', '/api/user-crds?itemsPerPage=500', { cookie: mia })).status).toBe(400);
    });

    it('lists credentials by last login, of one card with ?card=, and their logs newest first', async () => {
      const list = await json(
        await call(api, 'GET', '/api/user-crds?order[loginAt]=desc', { cookie: mia }),
        crds,
      );
      expect(list.totalItems).toBe(2);
      const logins = list.member.map((entry) => entry.loginAt ?? '');
      expect(logins).toEqual([...logins].sort().reverse());
      const [card] = miaCards;
      const one = await json(
        await call(api, 'GET', `/api/user-crds?card=${card?.id}`, { cookie: mia }),
        crds,
      );
      expect(one.member.map((entry) => entry.cardSerial)).toEqual([card?.serial]);
      const log = await json(
        await call(api, 'GET', `/api/user-crds/log/${miaCrd.id}?page=1&itemsPerPage=2&order[loginAt]=desc`, {
          cookie: mia,
        }),
        collectionSchema(userCrdLogSchema),
      );
      expect(log.member).toHaveLength(2);
      expect(log.totalItems).toBe(5);
      const oldestFirst = await json(
        await call(api, 'GET', `/api/user-crds/log/${miaCrd.id}?order[loginAt]=asc`, { cookie: mia }),
        collectionSchema(userCrdLogSchema),
      );
      expect(
        oldestFirst.member
          .map((entry) => entry.id)
          .slice(-2)
          .reverse(),
      ).toEqual(log.member.map((entry) => entry.id));
      const all = await json(
        await call(api, 'GET', '/api/user-crd-logs', { cookie: mia }),
        collectionSchema(userCrdLogSchema),
      );
      expect(all.totalItems).toBe(10);
      const times = all.member.map((entry) => entry.at);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('shows credits with the balance of the packs still valid, and token events newest first', async () => {
      const credits = await json(
        await call(api, 'GET', '/api/user-credit-subscriptions', { cookie: mia }),
        creditSubscriptionsSchema,
      );
      expect(credits.totalItems).toBe(3);
      // 100 - 37 of the open pack and 500 - 120 of the subscription; the expired pack counts nothing.
      expect(credits.remainingCredits).toBe(443);
      const events = await json(
        await call(api, 'GET', '/api/token-events', { cookie: mia }),
        collectionSchema(tokenEventSchema),
      );
      expect(events.totalItems).toBe(6);
      const times = events.member.map((entry) => entry.at);
      expect(times).toEqual([...times].sort().reverse());
    });
  });

  describe('credential actions', () => {
    it('generates a new password, answers it once, e-mails it and finishes every session', async () => {
      const before = await json(
        await call(api, 'GET', `/api/user-crds/${miaCrd.id}`, { cookie: mia }),
        userCrdDetailSchema,
      );
      expect(before.activeSessions).toBe(2);
      const response = await call(api, 'POST', `/api/user-crds/${miaCrd.id}/change-password`, {
        cookie: mia,
        body: { id: miaCrd.id },
      });
      const { password } = (await response.json()) as { password: string };
      expect(response.status).toBe(200);
      expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
      const [mail] = await mailsTo(api, MIA.email);
      expect(mail?.subject).toBe(`New password for the tool sign-in ${miaCrd.login}`);
      expect(mail?.text).toContain(password);
      const row = await api.db
        .selectFrom('user_crds')
        .select('password_hash')
        .where('id', '=', miaCrd.id)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(password, row.password_hash)).toBe(true);
      const after = await json(
        await call(api, 'GET', `/api/user-crds/${miaCrd.id}`, { cookie: mia }),
        userCrdDetailSchema,
      );
      expect(after.activeSessions).toBe(0);
      const log = await json(
        await call(api, 'GET', `/api/user-crds/log/${miaCrd.id}`, { cookie: mia }),
        collectionSchema(userCrdLogSchema),
      );
      expect(log.member[0]?.event).toBe('password-changed');
    });

    it('finishes all sessions and unlinks a credential from its card', async () => {
      const other = (await json(await call(api, 'GET', '/api/user-crds', { cookie: mia }), crds)).member.find(
        (entry) => entry.id !== miaCrd.id,
      );
      if (!other) throw new Error('mia has a second credential');
      const finished = await call(api, 'POST', `/api/user-crds/${other.id}/finish-all-sessions`, {
        cookie: mia,
        body: { id: other.id },
      });
      expect(await finished.json()).toEqual({
        message: 'Every session of this credential has been finished.',
        finished: 2,
      });
      const unlinked = await json(
        await call(api, 'POST', '/api/unlink-card-from-crds', { cookie: mia, body: { userCrd: other.id } }),
        userCrdSchema,
      );
      expect(unlinked).toMatchObject({ card: null, cardSerial: null, activeSessions: 0 });
      const cardLog = await json(
        await call(api, 'GET', `/api/card/log/${other.card}`, { cookie: mia }),
        collectionSchema(cardLogEntrySchema),
      );
      expect(cardLog.member[0]).toMatchObject({ event: 'credential-unlinked', detail: other.login });
    });

    it('toggles a third-party token with a merge-patch only, creates and deletes tokens', async () => {
      const created = await call(api, 'POST', '/api/third-party-software-tokens', {
        cookie: mia,
        body: { userCrd: miaCrd.id, name: 'Invoice app' },
      });
      expect(created.status).toBe(201);
      const token = (await created.json()) as { id: string; token: string; active: boolean };
      expect(token.active).toBe(true);
      expect(token.token).toMatch(/^bst_/);
      const path = `/api/third-party-software-tokens/${token.id}`;
      expect((await call(api, 'PATCH', path, { cookie: mia, body: { active: false } })).status).toBe(415);
      const patch = (body: unknown) =>
        call(api, 'PATCH', path, { cookie: mia, body, contentType: 'application/merge-patch+json' });
      expect(await json(await patch({ active: false }), thirdPartyTokenSchema)).toMatchObject({
        active: false,
      });
      expect((await patch({ active: 'no' })).status).toBe(400);
      expect((await patch({ name: 'renamed' })).status).toBe(400);
      const list = await json(
        await call(api, 'GET', `/api/third-party-software-tokens?userCrd=${miaCrd.id}`, { cookie: mia }),
        collectionSchema(thirdPartyTokenSchema),
      );
      expect(list.member.find((entry) => entry.id === token.id)?.active).toBe(false);
      expect(await json(await patch({ active: true }), thirdPartyTokenSchema)).toMatchObject({
        active: true,
      });
      expect((await call(api, 'DELETE', path, { cookie: mia })).status).toBe(204);
      expect((await call(api, 'DELETE', path, { cookie: mia })).status).toBe(404);
    });
  });

  describe('products and firmware', () => {
    it('issues an activation token the card accepts, and records what the card reports', async () => {
      const card = miaCards.find((entry) => entry.serial === 'BSC-000102');
      if (!card) throw new Error('mia has BSC-000102');
      expect(card).toMatchObject({ firmwareVersion: '2.0.3', updateAvailable: true });
      const issued = await call(api, 'POST', `/api/cards/${card.id}/activations`, {
        cookie: mia,
        body: { product: 'data-rescue' },
      });
      const { activationToken } = (await issued.json()) as { activationToken: string };
      const key = await deriveCardKey(DEMO_VENDOR_CARD_MASTER_KEY, card.serial);
      expect(await verifyActivationToken(key, card.serial, 'data-rescue', activationToken)).toBe(true);
      const unlicensed = await call(api, 'POST', `/api/cards/${card.id}/activations`, {
        cookie: mia,
        body: { product: 'unlock-pro' },
      });
      expect(unlicensed.status).toBe(404);

      const reported = await json(
        await call(api, 'POST', `/api/cards/${card.id}/report`, {
          cookie: mia,
          body: { firmwareVersion: '2.1.0', products: ['frp-tool', 'data-rescue', 'not-licensed'] },
        }),
        cardSchema,
      );
      expect(reported).toMatchObject({ firmwareVersion: '2.1.0', updateAvailable: false });
      expect(reported.products.every((product) => product.activatedAt !== null)).toBe(true);
      const log = await json(
        await call(api, 'GET', `/api/card/log/${card.id}?itemsPerPage=3`, { cookie: mia }),
        collectionSchema(cardLogEntrySchema),
      );
      expect(log.member.map((entry) => entry.event).sort()).toEqual([
        'activation-issued',
        'firmware-updated',
        'product-activated',
      ]);
      const products = await json(
        await call(api, 'GET', '/api/products', { cookie: mia }),
        collectionSchema(productSchema),
      );
      expect(products.totalItems).toBe(4);
    });

    it('unassigns a card: it leaves the list and the assignment log says so', async () => {
      const card = miaCards.find((entry) => entry.serial === 'BSC-000101');
      expect((await call(api, 'DELETE', `/api/cards/${card?.id}`, { cookie: mia })).status).toBe(204);
      const list = await json(await call(api, 'GET', '/api/cards', { cookie: mia }), cards);
      expect(list.member.map((entry) => entry.serial)).toEqual(['BSC-000102']);
      const logs = await json(
        await call(api, 'GET', '/api/card-assigned-logs', { cookie: mia }),
        assignedLogs,
      );
      expect(logs.member[0]).toMatchObject({ serial: 'BSC-000101', action: 'unassigned' });
    });
  });
});

describe('cards made before a master key rotation (VENDOR_CARD_MASTER_KEYS_PREVIOUS)', () => {
  const CURRENT_KEY = '7c'.repeat(32);
  /** The demo key made the seeded cards: here it is the key before the rotation. */
  const PREVIOUS_KEY = DEMO_VENDOR_CARD_MASTER_KEY;
  const OLA = { username: 'ola', email: 'ola@example.test', password: 'Ola#Bench2026' };
  let api: RunningApi;
  let ola: string;

  beforeAll(async () => {
    api = await startApi({
      env: {
        VENDOR_CARD_MASTER_KEY: CURRENT_KEY,
        VENDOR_CARD_MASTER_KEYS_PREVIOUS: `${'0f'.repeat(32)},${PREVIOUS_KEY}`,
      },
    });
    await seedCards(api.db, { id: await createUser(api.db, OLA), username: OLA.username });
    ola = await signIn(api, OLA.username, OLA.password);
  });
  afterAll(async () => {
    await api.close();
  });

  const validate = async (serial: string, masterKey: string) =>
    call(api, 'POST', '/api/card/validate', {
      cookie: ola,
      body: { card: serial, validationId: await validationFor(serial, { masterKey }) },
    });
  const activate = (cardId: string, product: string) =>
    call(api, 'POST', `/api/cards/${cardId}/activations`, { cookie: ola, body: { product } });
  const tokenOf = async (response: Response) => {
    expect(response.status).toBe(200);
    return ((await response.json()) as { activationToken: string }).activationToken;
  };

  it('validates a card made with a previous key and issues its activation tokens under that key', async () => {
    const old = await json(await validate('BSC-000102', PREVIOUS_KEY), cardSchema);
    const oldToken = await tokenOf(await activate(old.id, 'data-rescue'));
    const oldCardKey = await deriveCardKey(PREVIOUS_KEY, old.serial);
    expect(await verifyActivationToken(oldCardKey, old.serial, 'data-rescue', oldToken)).toBe(true);

    const fresh = await json(await validate(SIMULATED_CARD_SERIAL, CURRENT_KEY), cardSchema);
    const freshToken = await tokenOf(await activate(fresh.id, 'unlock-pro'));
    const freshCardKey = await deriveCardKey(CURRENT_KEY, fresh.serial);
    expect(await verifyActivationToken(freshCardKey, fresh.serial, 'unlock-pro', freshToken)).toBe(true);
  });

  it('refuses a card made with an unknown key, and activations while the card key is not known', async () => {
    const unknown = await validate('BSC-000101', 'e4'.repeat(32));
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe('The card validation is not valid');

    // Never validated since keys were recorded: which master key made it is not known yet.
    const seeded = await api.db
      .selectFrom('cards')
      .select('id')
      .where('serial', '=', 'BSC-000101')
      .executeTakeFirstOrThrow();
    const unproven = await activate(seeded.id, 'unlock-pro');
    expect(unproven.status).toBe(409);
    expect((await errorOf(unproven)).message).toBe(
      'Validate this card again before activating: the portal must first check which key it holds',
    );
    expect((await validate('BSC-000101', PREVIOUS_KEY)).status).toBe(200);
    expect((await activate(seeded.id, 'unlock-pro')).status).toBe(200);

    // The key that made it was dropped from the configuration: no token the card would refuse.
    await api.db
      .updateTable('cards')
      .set({ master_key_id: await masterKeyId('e4'.repeat(32)) })
      .where('id', '=', seeded.id)
      .execute();
    expect((await activate(seeded.id, 'unlock-pro')).status).toBe(409);
  });
});
