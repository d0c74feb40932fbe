/** Card validation's schemas and limits; the protocol is explained with its cryptography, in card-crypto. */
import { z } from 'zod';

export const CARD_VALIDATION_VERSION = 1;
export const VALIDATION_MAX_AGE_MS = 5 * 60_000;
export const VALIDATION_MAX_FUTURE_SKEW_MS = 60_000;
/** Longer than any well-formed validationId; a larger input is refused before decoding. */
export const MAX_VALIDATION_ID_LENGTH = 1024;

export const cardSerialSchema = z.string().regex(/^BSC-\d{6}$/, 'A card serial looks like BSC-000123');
/** 16 to 48 random bytes, base64url without padding. */
export const cardNonceSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'The challenge must be 16 to 48 bytes, base64url encoded');
const macSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'The MAC must be 32 bytes, base64url encoded');
/** Hex of 32 bytes: the vendor's master key, and the firmware of the simulated card's factory. */
export const cardMasterKeySchema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'The card master key must be 64 hexadecimal characters (32 bytes)');

export const cardValidationSchema = z.strictObject({
  v: z.literal(CARD_VALIDATION_VERSION),
  serial: cardSerialSchema,
  nonce: cardNonceSchema,
  issuedAt: z.iso.datetime({ precision: 3 }),
  mac: macSchema,
});
export type CardValidation = z.infer<typeof cardValidationSchema>;

export const validationIdSchema = z
  .string()
  .min(1, 'The validation is required')
  .max(MAX_VALIDATION_ID_LENGTH, 'The validation is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'The validation must be base64url encoded');

/** `POST /api/card/validate`. */
export const cardValidateBodySchema = z.object({
  card: cardSerialSchema,
  validationId: validationIdSchema,
});

export const readerNameSchema = z
  .string()
  .min(1, 'The reader is required')
  .max(256, 'The reader name must be at most 256 characters');

export const productIdSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'The product id must be 1 to 64 letters, digits, "_", "." or "-"'),
  );

/** `POST /hardware/listReaders` answers a list of these. */
export const cardReaderSchema = z.object({
  name: z.string(),
  cardPresent: z.boolean(),
});
export type CardReader = z.infer<typeof cardReaderSchema>;

export const cardProductSchema = z.object({
  id: z.string(),
  activatedAt: z.iso.datetime(),
});

/**
 * `POST /hardware/listCards` answers a list of these: one per reader holding a card. A card that is
 * not a Benchside card (any other smart card in a PC/SC reader) has a null serial and firmware.
 */
export const smartCardSchema = z.object({
  readerName: z.string(),
  atr: z.string().regex(/^([0-9A-F]{2})*$/),
  serial: cardSerialSchema.nullable(),
  firmwareVersion: z.string().nullable(),
  products: z.array(cardProductSchema),
});
export type SmartCard = z.infer<typeof smartCardSchema>;

/** `POST /hardware/getValidation`; `challenge` is an optional server-issued nonce. */
export const getValidationBodySchema = z.object({
  readerName: readerNameSchema,
  challenge: cardNonceSchema.optional(),
});

export const getValidationResponseSchema = z.object({
  serial: cardSerialSchema,
  validationId: validationIdSchema,
});
export type GetValidationResponse = z.infer<typeof getValidationResponseSchema>;

/** `POST /hardware/activateProduct` (the spec spells the id `productID`). */
export const activateProductBodySchema = z.object({
  readerName: readerNameSchema,
  productID: productIdSchema,
  activationToken: macSchema.optional(),
});

/** `POST /hardware/updateCardFW`: answers the id to follow with `/status/get`. */
export const updateCardFirmwareBodySchema = z.object({
  readerName: readerNameSchema,
});

export type ValidationRefusal = 'malformed' | 'other-card' | 'bad-mac' | 'expired' | 'from-the-future';

/** Messages for the user; none tells a forger which check failed beyond what they already know. */
export const VALIDATION_REFUSAL_MESSAGES: Record<ValidationRefusal, string> = {
  malformed: 'The card validation is not valid',
  'other-card': 'The card validation belongs to another card',
  'bad-mac': 'The card validation is not valid',
  expired: 'The card validation has expired, please validate the card again',
  'from-the-future': 'The card validation is not valid yet: check the clock of this computer',
};

/** The card inside the helper's simulated reader (`HELPER_READERS=simulated`), known to the demo seed. */
export const SIMULATED_CARD_SERIAL = 'BSC-000123';
export const SIMULATED_READER_NAME = 'Benchside Simulated Reader 0';
