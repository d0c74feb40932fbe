import { encodeBase64Url, verifyCardValidation } from '@benchside/card-crypto/card-validation';
import {
  getValidationResponseSchema,
  SIMULATED_CARD_SERIAL,
  SIMULATED_READER_NAME,
  smartCardSchema,
} from '@benchside/contracts/card-validation';
import { operationStartedSchema, operationStatusSchema } from '@benchside/contracts/helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, type RunningHelper, startHelper, TEST_MASTER_KEY } from './support.ts';

describe('/hardware/* and /status/get with the simulated reader', { timeout: 20_000 }, () => {
  let helper: RunningHelper;
  beforeAll(async () => {
    helper = await startHelper();
  });
  afterAll(async () => {
    await helper.close();
  });

  it('lists the reader and its card', async () => {
    const readers = await postJson(helper.port, '/hardware/listReaders');
    expect(readers.status).toBe(200);
    expect(readers.json()).toEqual([{ name: SIMULATED_READER_NAME, cardPresent: true }]);
    const cards = await postJson(helper.port, '/hardware/listCards');
    expect(cards.status).toBe(200);
    const [card] = cards.json() as unknown[];
    expect(smartCardSchema.parse(card)).toMatchObject({
      readerName: SIMULATED_READER_NAME,
      serial: SIMULATED_CARD_SERIAL,
    });
  });

  it('answers a validation the server verifies with the key derived from the master key', async () => {
    const challenge = encodeBase64Url(crypto.getRandomValues(new Uint8Array(16)));
    for (const body of [
      { readerName: SIMULATED_READER_NAME },
      { readerName: SIMULATED_READER_NAME, challenge },
    ]) {
      const response = await postJson(helper.port, '/hardware/getValidation', body);
      expect(response.status).toBe(200);
      const { serial, validationId } = getValidationResponseSchema.parse(response.json());
      const verdict = await verifyCardValidation({
        card: serial,
        validationId,
        masterKeyHex: TEST_MASTER_KEY,
        now: new Date(),
      });
      expect(verdict.ok).toBe(true);
      if (verdict.ok && 'challenge' in body) expect(verdict.validation.nonce).toBe(challenge);
      const otherKey = await verifyCardValidation({
        card: serial,
        validationId,
        masterKeyHex: 'b2'.repeat(32),
        now: new Date(),
      });
      expect(otherKey).toEqual({ ok: false, refusal: 'bad-mac' });
    }
  });

  it('updates the firmware in the background, reporting progress through /status/get', async () => {
    const started = await postJson(helper.port, '/hardware/updateCardFW', {
      readerName: SIMULATED_READER_NAME,
    });
    expect(started.status).toBe(200);
    const { id } = operationStartedSchema.parse(started.json());

    const seen: string[] = [];
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await postJson(helper.port, '/status/get', { id });
      expect(response.status).toBe(200);
      const status = operationStatusSchema.parse(response.json());
      seen.push(...status.messages);
      if (status.done) {
        expect(status.error).toBeNull();
        break;
      }
      if (Date.now() > deadline) throw new Error('the update never finished');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Each call answered only what was new; together they are the whole story, in order.
    const all = operationStatusSchema.parse(
      (await postJson(helper.port, '/status/get', { id, allMessages: true })).json(),
    );
    expect(seen).toEqual(all.messages);
    expect(all.messages[0]).toBe(`Checking the firmware of card ${SIMULATED_CARD_SERIAL}`);
    expect(all.messages).toContain('Writing firmware: 100%');
    expect(all.messages.at(-1)).toBe('The card firmware was updated to 2.1.0');
    const [card] = (await postJson(helper.port, '/hardware/listCards')).json() as Array<{
      firmwareVersion: string;
    }>;
    expect(card?.firmwareVersion).toBe('2.1.0');
  });

  it('activates a product on the card', async () => {
    const response = await postJson(helper.port, '/hardware/activateProduct', {
      readerName: SIMULATED_READER_NAME,
      productID: 42,
    });
    expect(response.status).toBe(200);
    expect(smartCardSchema.parse(response.json()).products).toEqual([
      { id: '42', activatedAt: expect.any(String) },
    ]);
    const forged = await postJson(helper.port, '/hardware/activateProduct', {
      readerName: SIMULATED_READER_NAME,
      productID: 'pro-pack',
      activationToken: 'A'.repeat(43),
    });
    expect(forged.status).toBe(403);
    expect(forged.json()).toEqual({
      message: 'The card refused the activation: the activation token is not valid',
    });
  });

  it('answers an unknown reader, an unknown operation and bad bodies clearly', async () => {
    for (const path of ['/hardware/getValidation', '/hardware/activateProduct', '/hardware/updateCardFW']) {
      const response = await postJson(helper.port, path, { readerName: 'Nope Reader', productID: 'x' });
      expect(response.status, path).toBe(404);
      expect(response.json(), path).toEqual({ message: 'The card reader "Nope Reader" was not found' });
    }
    const unknown = await postJson(helper.port, '/status/get', { id: 'no-such-operation' });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ message: 'There is no operation with the id "no-such-operation"' });
    const bad = await postJson(helper.port, '/hardware/getValidation', { readerName: '' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      violations: [{ propertyPath: 'readerName', message: 'The reader is required' }],
    });
  });
});
