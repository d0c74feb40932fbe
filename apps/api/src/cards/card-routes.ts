import {
  activationMessage,
  cardMac,
  deriveCardKey,
  masterKeyId,
  verifyCardValidation,
} from '@benchside/card-crypto/card-validation';
import {
  cardValidateBodySchema,
  VALIDATION_MAX_AGE_MS,
  VALIDATION_REFUSAL_MESSAGES,
} from '@benchside/contracts/card-validation';
import {
  activationBodySchema,
  activationResponseSchema,
  cardAssignedLogSchema,
  cardDownloadSchema,
  cardDownloadsQuerySchema,
  cardLogEntrySchema,
  cardLogEventSchema,
  cardReportBodySchema,
  cardSchema,
  idParamsSchema,
  productSchema,
} from '@benchside/contracts/cards';
import { collectionSchema, pagingQuerySchema } from '@benchside/contracts/common';
import type { App } from '@benchside/server/create-server';
import { BadRequestError, HttpError, NotFoundError } from '@benchside/server/errors';
import {
  activateCardProducts,
  assignCard,
  compareVersions,
  findCardLicence,
  listAssignedLogs,
  listCardDownloads,
  listCardLog,
  listOwnCards,
  listProducts,
  lockCardBySerial,
  logCard,
  ownCard,
  recordCardMasterKey,
  recordValidationNonce,
  setCardFirmware,
  toCards,
  unassignCard,
} from './card-store.ts';
import type { CardsContext } from './routes.ts';

export const CARD_REPLAYED_MESSAGE = 'The card validation was already used, please validate the card again';
export const CARD_UNKNOWN_MESSAGE = 'This card is not registered with Benchside';
export const CARD_TAKEN_MESSAGE = 'This card is assigned to another account';
export const CARD_SUSPENDED_MESSAGE = 'This card is suspended, please contact support';
export const CARD_KEY_UNKNOWN_MESSAGE =
  'Validate this card again before activating: the portal must first check which key it holds';

/** The signed-in user's cards: validation, listing, logs, downloads, licences and the catalogue. */
export function registerCardRoutes(app: App, context: CardsContext): void {
  const { db, config } = context;

  app.post(
    '/api/card/validate',
    {
      schema: {
        tags: ['cards'],
        summary:
          'Assign a card to the signed-in user with a validation its chip computed (helper /hardware/getValidation)',
        security: [{ session: [] }],
        body: cardValidateBodySchema,
        response: { 200: cardSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const { card: serial, validationId } = request.body;
      const verdict = await verifyCardValidation({
        card: serial,
        validationId,
        masterKeyHex: config.vendorCardMasterKey,
        previousMasterKeysHex: config.vendorCardMasterKeysPrevious,
        now: new Date(),
      });
      if (!verdict.ok) {
        throw new BadRequestError(VALIDATION_REFUSAL_MESSAGES[verdict.refusal], {
          violations: [
            { propertyPath: 'validationId', message: VALIDATION_REFUSAL_MESSAGES[verdict.refusal] },
          ],
        });
      }
      const cardMasterKeyId = await masterKeyId(verdict.masterKeyHex);
      const cardId = await db.transaction().execute(async (trx) => {
        const fresh = await recordValidationNonce(
          trx,
          { serial, nonce: verdict.validation.nonce },
          VALIDATION_MAX_AGE_MS,
        );
        if (!fresh) {
          throw new BadRequestError(CARD_REPLAYED_MESSAGE, {
            violations: [{ propertyPath: 'validationId', message: CARD_REPLAYED_MESSAGE }],
          });
        }
        const card = await lockCardBySerial(trx, serial);
        if (!card) throw new NotFoundError(CARD_UNKNOWN_MESSAGE);
        if (card.state === 'suspended')
          throw new HttpError(409, 'BS_ERR_CARD_SUSPENDED', CARD_SUSPENDED_MESSAGE);
        await recordCardMasterKey(trx, card.id, cardMasterKeyId);
        if (card.user_id === user.id) return card.id;
        if (card.user_id !== null) throw new HttpError(409, 'BS_ERR_CARD_TAKEN', CARD_TAKEN_MESSAGE);
        await assignCard(trx, card, user);
        return card.id;
      });
      const [card] = await toCards(db, [await ownCard(db, user.id, cardId)]);
      return card;
    },
  );

  app.get(
    '/api/cards',
    {
      schema: {
        tags: ['cards'],
        summary: "The signed-in user's cards, by serial",
        security: [{ session: [] }],
        querystring: pagingQuerySchema,
        response: { 200: collectionSchema(cardSchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const { rows, totalItems } = await listOwnCards(db, user.id, request.query);
      return { member: await toCards(db, rows), totalItems };
    },
  );

  app.get(
    '/api/cards/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'One of your cards (404 for any other)',
        security: [{ session: [] }],
        params: idParamsSchema,
        response: { 200: cardSchema },
      },
    },
    async (request) => {
      const [card] = await toCards(db, [await ownCard(db, request.user.id, request.params.id)]);
      return card;
    },
  );

  app.delete(
    '/api/cards/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'Unassign one of your cards: it leaves your account and its credentials are unbound',
        security: [{ session: [] }],
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const user = request.user;
      await db.transaction().execute(async (trx) => {
        const card = await ownCard(trx, user.id, request.params.id);
        await unassignCard(trx, card.id, user.id);
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/card-assigned-logs',
    {
      schema: {
        tags: ['cards'],
        summary: 'Every card assignment and unassignment of the signed-in user, newest first',
        security: [{ session: [] }],
        querystring: pagingQuerySchema,
        response: { 200: collectionSchema(cardAssignedLogSchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const { rows, totalItems } = await listAssignedLogs(db, user.id, request.query);
      return {
        member: rows.map((row) => ({
          id: String(row.id),
          cardId: row.card_id,
          serial: row.serial,
          action: row.action,
          at: row.at.toISOString(),
        })),
        totalItems,
      };
    },
  );

  app.get(
    '/api/card/log/:id',
    {
      schema: {
        tags: ['cards'],
        summary: "One of your cards' log, newest first (only what happened while it was yours)",
        security: [{ session: [] }],
        params: idParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: collectionSchema(cardLogEntrySchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const card = await ownCard(db, user.id, request.params.id);
      const { rows, totalItems } = await listCardLog(db, { cardId: card.id, userId: user.id }, request.query);
      return {
        member: rows.map((row) => ({
          id: String(row.id),
          at: row.at.toISOString(),
          event: cardLogEventSchema.parse(row.event),
          detail: row.detail,
        })),
        totalItems,
      };
    },
  );

  app.get(
    '/api/cards/:id/downloads',
    {
      schema: {
        tags: ['cards'],
        summary: 'What was downloaded with one of your cards, by date',
        security: [{ session: [] }],
        params: idParamsSchema,
        querystring: cardDownloadsQuerySchema,
        response: { 200: collectionSchema(cardDownloadSchema) },
      },
    },
    async (request) => {
      const user = request.user;
      const card = await ownCard(db, user.id, request.params.id);
      const direction = request.query['order[date]'];
      const { rows, totalItems } = await listCardDownloads(
        db,
        { cardId: card.id, userId: user.id },
        request.query,
        direction,
      );
      return {
        member: rows.map((row) => ({
          id: String(row.id),
          name: row.name,
          version: row.version,
          size: Number(row.size),
          date: row.date.toISOString(),
        })),
        totalItems,
      };
    },
  );

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['cards'],
        summary: 'The product catalogue: licences a card can hold, by name',
        security: [{ session: [] }],
        querystring: pagingQuerySchema,
        response: { 200: collectionSchema(productSchema) },
      },
    },
    async (request) => {
      const { rows, totalItems } = await listProducts(db, request.query);
      return { member: rows, totalItems };
    },
  );

  app.post(
    '/api/cards/:id/activations',
    {
      schema: {
        tags: ['cards'],
        summary: 'An activation token for a licence the card holds; the helper gives it to the card',
        security: [{ session: [] }],
        params: idParamsSchema,
        body: activationBodySchema,
        response: { 200: activationResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const card = await ownCard(db, user.id, request.params.id);
      if (card.state !== 'active') throw new HttpError(409, 'BS_ERR_CARD_SUSPENDED', CARD_SUSPENDED_MESSAGE);
      const productId = request.body.product;
      const licence = await findCardLicence(db, card.id, productId);
      if (!licence) throw new NotFoundError('This card holds no licence for that product');
      const cardKey = await deriveCardKey(await masterKeyOf(card, config), card.serial);
      const activationToken = await cardMac(cardKey, activationMessage(card.serial, productId));
      await logCard(db, {
        cardId: card.id,
        userId: user.id,
        event: 'activation-issued',
        detail: licence.name,
      });
      return { productID: productId, activationToken };
    },
  );

  app.post(
    '/api/cards/:id/report',
    {
      schema: {
        tags: ['cards'],
        summary: 'Record what the card answered the helper (firmware and activated products) after a change',
        description:
          'Firmware and products as /hardware/listCards and /hardware/activateProduct answer them.',
        security: [{ session: [] }],
        params: idParamsSchema,
        body: cardReportBodySchema,
        response: { 200: cardSchema },
      },
    },
    async (request) => {
      const user = request.user;
      const { firmwareVersion, products } = request.body;
      const cardId = await db.transaction().execute(async (trx) => {
        const card = await ownCard(trx, user.id, request.params.id);
        // Firmware only moves forward: an older report is a stale page, not a downgrade.
        if (compareVersions(firmwareVersion, card.firmware_version) > 0) {
          await setCardFirmware(trx, card.id, firmwareVersion);
          await logCard(trx, {
            cardId: card.id,
            userId: user.id,
            event: 'firmware-updated',
            detail: `${card.firmware_version} → ${firmwareVersion}`,
          });
        }
        if (products.length > 0) {
          const activated = await activateCardProducts(trx, card.id, products);
          for (const productId of activated) {
            await logCard(trx, {
              cardId: card.id,
              userId: user.id,
              event: 'product-activated',
              detail: productId,
            });
          }
        }
        return card.id;
      });
      const [card] = await toCards(db, [await ownCard(db, user.id, cardId)]);
      return card;
    },
  );
}

/**
 * The master key that made the card, as its last validation proved. A card never validated since
 * keys were recorded can only be the current key's when no previous key is configured; otherwise,
 * or when its key was dropped from the configuration, the card would refuse any token we derived.
 */
async function masterKeyOf(
  card: { master_key_id: string | null },
  config: CardsContext['config'],
): Promise<string> {
  if (card.master_key_id === null && config.vendorCardMasterKeysPrevious.length === 0) {
    return config.vendorCardMasterKey;
  }
  for (const key of [config.vendorCardMasterKey, ...config.vendorCardMasterKeysPrevious]) {
    if ((await masterKeyId(key)) === card.master_key_id) return key;
  }
  throw new HttpError(409, 'BS_ERR_CARD_KEY_UNKNOWN', CARD_KEY_UNKNOWN_MESSAGE);
}
