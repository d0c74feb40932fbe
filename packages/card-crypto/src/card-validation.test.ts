import {
  CARD_VALIDATION_VERSION,
  SIMULATED_CARD_SERIAL,
  VALIDATION_MAX_AGE_MS,
} from '@benchside/contracts/card-validation';
import { describe, expect, it } from 'vitest';
import {
  cardMac,
  decodeValidationId,
  deriveCardKey,
  encodeBase64Url,
  encodeValidationId,
  validationMessage,
  verifyCardValidation,
} from './card-validation.ts';

const MASTER_KEY = 'a1'.repeat(32);
const OTHER_MASTER_KEY = 'b2'.repeat(32);

/** What a card holding the key derived from `MASTER_KEY` answers, nonce from its own generator. */
async function cardValidationId(serial: string): Promise<string> {
  const nonce = encodeBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const issuedAt = new Date().toISOString();
  const mac = await cardMac(
    await deriveCardKey(MASTER_KEY, serial),
    validationMessage(serial, nonce, issuedAt),
  );
  return encodeValidationId({ v: CARD_VALIDATION_VERSION, serial, nonce, issuedAt, mac });
}

describe('verifyCardValidation', () => {
  it('tries the previous master keys after the current one, and says which key verified the card', async () => {
    const validationId = await cardValidationId(SIMULATED_CARD_SERIAL);
    const check = (previousMasterKeysHex: string[]) =>
      verifyCardValidation({
        card: SIMULATED_CARD_SERIAL,
        validationId,
        masterKeyHex: OTHER_MASTER_KEY,
        previousMasterKeysHex,
        now: new Date(),
      });
    expect(await check(['c3'.repeat(32), MASTER_KEY])).toMatchObject({ ok: true, masterKeyHex: MASTER_KEY });
    expect(await check(['c3'.repeat(32)])).toEqual({ ok: false, refusal: 'bad-mac' });
    expect(
      await verifyCardValidation({
        card: SIMULATED_CARD_SERIAL,
        validationId,
        masterKeyHex: MASTER_KEY,
        now: new Date(),
      }),
    ).toMatchObject({ ok: true, masterKeyHex: MASTER_KEY });
  });

  it('refuses tampered, foreign, forged, stale and garbled validations', async () => {
    const validationId = await cardValidationId(SIMULATED_CARD_SERIAL);
    const validation = decodeValidationId(validationId);
    if (!validation) throw new Error('the card gave an undecodable validation');
    const now = new Date();
    const check = (changes: { card?: string; validationId?: string; masterKeyHex?: string; now?: Date }) =>
      verifyCardValidation({
        card: SIMULATED_CARD_SERIAL,
        validationId,
        masterKeyHex: MASTER_KEY,
        now,
        ...changes,
      });

    const laterTime = new Date(Date.parse(validation.issuedAt) + 1000).toISOString();
    const retimed = encodeValidationId({ ...validation, issuedAt: laterTime });
    expect(await check({ validationId: retimed })).toEqual({ ok: false, refusal: 'bad-mac' });

    const otherSerial = encodeValidationId({ ...validation, serial: 'BSC-000124' });
    expect(await check({ card: 'BSC-000124', validationId: otherSerial })).toEqual({
      ok: false,
      refusal: 'bad-mac',
    });

    const flippedMac = `${validation.mac.startsWith('A') ? 'B' : 'A'}${validation.mac.slice(1)}`;
    expect(await check({ validationId: encodeValidationId({ ...validation, mac: flippedMac }) })).toEqual({
      ok: false,
      refusal: 'bad-mac',
    });

    expect(await check({ card: 'BSC-999999' })).toEqual({ ok: false, refusal: 'other-card' });
    expect(await check({ masterKeyHex: OTHER_MASTER_KEY })).toEqual({ ok: false, refusal: 'bad-mac' });

    const forgedKey = await deriveCardKey(OTHER_MASTER_KEY, SIMULATED_CARD_SERIAL);
    const forged = encodeValidationId({
      ...validation,
      mac: await cardMac(
        forgedKey,
        `benchside-validation.v1|${validation.serial}|${validation.nonce}|${laterTime}`,
      ),
      issuedAt: laterTime,
    });
    expect(await check({ validationId: forged })).toEqual({ ok: false, refusal: 'bad-mac' });

    const stale = new Date(Date.parse(validation.issuedAt) + VALIDATION_MAX_AGE_MS + 1000);
    expect(await check({ now: stale })).toEqual({ ok: false, refusal: 'expired' });
    const early = new Date(Date.parse(validation.issuedAt) - 2 * 60_000);
    expect(await check({ now: early })).toEqual({ ok: false, refusal: 'from-the-future' });

    for (const garbled of ['', 'not base64!', 'e30', validationId.slice(0, -4), 'A'.repeat(2000)]) {
      expect(await check({ validationId: garbled })).toEqual({ ok: false, refusal: 'malformed' });
    }
  });
});
