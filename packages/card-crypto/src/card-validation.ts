/**
 * Card validation: how the portal learns that the user really holds a given Benchside card.
 *
 * Keys. Every card is personalised at the factory with a serial (`BSC-000123`) and a 256-bit
 * secret that never leaves the card:
 *   cardKey = HMAC-SHA256(VENDOR_CARD_MASTER_KEY, "benchside-card-key.v1|" + serial)
 * The vendor's server holds only the master key and re-derives any card's key from its serial,
 * so no per-card secret table can leak; one extracted card key says nothing about the others.
 * (The label in front of the serial keeps these HMACs apart from any other use of the master key.)
 *
 * Rotation. A new master key personalises the cards made after it; cards already made keep the key
 * derived from the old one. The server keeps the old master keys (VENDOR_CARD_MASTER_KEYS_PREVIOUS,
 * at most 4) and checks a validation against the current key, then each previous one. It records
 * which key verified the card (`masterKeyId`, which names a key without revealing it) and derives
 * that card's activation tokens from the same key.
 *
 * Validation (`POST /hardware/getValidation` on the helper, then `POST /api/card/validate`
 * {card, validationId} on the main API):
 *   1. nonce: the server's challenge when the web app passes one (`challenge`), otherwise 16 bytes
 *      from the card's own random generator; base64url.
 *   2. issuedAt: the helper's clock, ISO 8601 UTC. The card has no clock; the MAC binds the time.
 *   3. mac = base64url(HMAC-SHA256(cardKey, "benchside-validation.v1|serial|nonce|issuedAt")),
 *      computed inside the card. No field may contain "|", so the message cannot be re-split.
 *   4. validationId = base64url(JSON of {v, serial, nonce, issuedAt, mac}).
 * The server (`verifyCardValidation` below, plus its own nonce store) refuses the validation unless:
 *   - it decodes to exactly this shape and `card` names the same serial,
 *   - the MAC matches the key derived for that serial (Web Crypto's verify compares in constant time),
 *   - issuedAt is at most 5 minutes old and at most 1 minute in the future (clock skew),
 *   - the (serial, nonce) pair was never accepted before: the server records it with a unique
 *     constraint and keeps it for longer than the 5-minute window, so a replay inside the window
 *     hits the constraint and a replay after it is stale.
 * Forged validations fail the MAC, edited ones too (every field is under the MAC), another card's
 * validation fails the `card` match, a replayed one fails freshness or single use. A server-issued
 * challenge (single use, bound to the session) additionally stops someone who held the card for a
 * moment from pre-computing validations for later times; the helper accepts one for that reason.
 *
 * Activation token (optional, `activateProduct`): base64url(HMAC-SHA256(cardKey,
 * "benchside-activation.v1|serial|productId")), issued by the server for a product the user holds;
 * a card given a token refuses the activation unless the token matches.
 *
 * Only Web Crypto is used (no `node:crypto`), so the same code runs in the helper, the API and, if
 * ever needed, the browser; the master key itself only ever exists on the server (and, for the
 * simulated card, in the development helper that plays the factory).
 */
import {
  CARD_VALIDATION_VERSION,
  type CardValidation,
  cardMasterKeySchema,
  cardValidationSchema,
  VALIDATION_MAX_AGE_MS,
  VALIDATION_MAX_FUTURE_SKEW_MS,
  type ValidationRefusal,
  validationIdSchema,
} from '@benchside/contracts/card-validation';

export function validationMessage(serial: string, nonce: string, issuedAt: string): string {
  return `benchside-validation.v${CARD_VALIDATION_VERSION}|${serial}|${nonce}|${issuedAt}`;
}

export function activationMessage(serial: string, productId: string): string {
  return `benchside-activation.v1|${serial}|${productId}`;
}

export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Null when `text` is not base64url. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

// No return type: Node's typings have no global CryptoKey, the DOM's do.
function hmacKey(secret: Uint8Array<ArrayBuffer>, usage: 'sign' | 'verify') {
  return crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

async function hmac(secret: Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, 'sign'),
    new TextEncoder().encode(message),
  );
  return new Uint8Array(signature);
}

/** The card's 32-byte secret, as the factory wrote it and as the server re-derives it. */
export async function deriveCardKey(masterKeyHex: string, serial: string): Promise<Uint8Array<ArrayBuffer>> {
  return hmac(hexToBytes(cardMasterKeySchema.parse(masterKeyHex)), `benchside-card-key.v1|${serial}`);
}

/** Names a master key without revealing it: what the server records of the key that made a card. */
export async function masterKeyId(masterKeyHex: string): Promise<string> {
  return encodeBase64Url(
    await hmac(hexToBytes(cardMasterKeySchema.parse(masterKeyHex)), 'benchside-master-key-id.v1'),
  );
}

/** What the card computes; exported for card implementations (the simulated card) and tests. */
export async function cardMac(cardKey: Uint8Array<ArrayBuffer>, message: string): Promise<string> {
  return encodeBase64Url(await hmac(cardKey, message));
}

async function macMatches(cardKey: Uint8Array<ArrayBuffer>, message: string, mac: string): Promise<boolean> {
  const macBytes = decodeBase64Url(mac);
  if (!macBytes) return false;
  return crypto.subtle.verify(
    'HMAC',
    await hmacKey(cardKey, 'verify'),
    macBytes,
    new TextEncoder().encode(message),
  );
}

export function encodeValidationId(validation: CardValidation): string {
  return encodeBase64Url(new TextEncoder().encode(JSON.stringify(validation)));
}

/** Null when `validationId` is not a well-formed validation. */
export function decodeValidationId(validationId: string): CardValidation | null {
  if (!validationIdSchema.safeParse(validationId).success) return null;
  const bytes = decodeBase64Url(validationId);
  if (!bytes) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  const parsed = cardValidationSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export async function verifyActivationToken(
  cardKey: Uint8Array<ArrayBuffer>,
  serial: string,
  productId: string,
  token: string,
): Promise<boolean> {
  return macMatches(cardKey, activationMessage(serial, productId), token);
}

/**
 * Every check except single use of the nonce, which needs the server's storage: on `ok`, the server
 * must still record (serial, nonce) atomically and refuse the validation if it was already there.
 * `masterKeyHex` is the key that verified the card: the current one or one of the previous ones.
 */
export async function verifyCardValidation(input: {
  card: string;
  validationId: string;
  masterKeyHex: string;
  /** Master keys of cards made before a rotation, tried after the current one. */
  previousMasterKeysHex?: readonly string[];
  now: Date;
}): Promise<
  { ok: true; validation: CardValidation; masterKeyHex: string } | { ok: false; refusal: ValidationRefusal }
> {
  const validation = decodeValidationId(input.validationId);
  if (!validation) return { ok: false, refusal: 'malformed' };
  if (validation.serial !== input.card) return { ok: false, refusal: 'other-card' };
  const message = validationMessage(validation.serial, validation.nonce, validation.issuedAt);
  const masterKeyHex = await masterKeyThatMade(
    [input.masterKeyHex, ...(input.previousMasterKeysHex ?? [])],
    validation,
    message,
  );
  if (masterKeyHex === undefined) return { ok: false, refusal: 'bad-mac' };
  const age = input.now.getTime() - Date.parse(validation.issuedAt);
  if (age > VALIDATION_MAX_AGE_MS) return { ok: false, refusal: 'expired' };
  if (age < -VALIDATION_MAX_FUTURE_SKEW_MS) return { ok: false, refusal: 'from-the-future' };
  return { ok: true, validation, masterKeyHex };
}

/** The first master key whose card key computed the validation's MAC; each check is constant-time. */
async function masterKeyThatMade(
  masterKeysHex: readonly string[],
  validation: CardValidation,
  message: string,
): Promise<string | undefined> {
  for (const masterKeyHex of masterKeysHex) {
    const cardKey = await deriveCardKey(masterKeyHex, validation.serial);
    if (await macMatches(cardKey, message, validation.mac)) return masterKeyHex;
  }
  return undefined;
}
