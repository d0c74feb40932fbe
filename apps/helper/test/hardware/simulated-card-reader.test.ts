import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  activationMessage,
  cardMac,
  decodeValidationId,
  deriveCardKey,
  encodeBase64Url,
  verifyCardValidation,
} from '@benchside/card-crypto/card-validation';
import {
  SIMULATED_CARD_SERIAL,
  SIMULATED_READER_NAME,
  smartCardSchema,
} from '@benchside/contracts/card-validation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CardReaderError } from '../../src/hardware/card-reader-driver.ts';
import { OperationStatusRegistry } from '../../src/hardware/operation-status.ts';
import {
  SIMULATED_CARD_STATE_FILE,
  SimulatedCardReaderDriver,
} from '../../src/hardware/simulated-card-reader.ts';
import { rejection } from './card-reader-rejection.ts';

const MASTER_KEY = 'a1'.repeat(32);

let stateDir: string;
const drivers: SimulatedCardReaderDriver[] = [];

function driver(): SimulatedCardReaderDriver {
  const created = new SimulatedCardReaderDriver({ stateDir, masterKeyHex: MASTER_KEY });
  drivers.push(created);
  return created;
}

beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'benchside-simulated-card-'));
});
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((created) => created.close()));
  await rm(stateDir, { recursive: true, force: true });
});

describe('simulated card reader', () => {
  it('lists one reader holding one Benchside card', async () => {
    const reader = driver();
    expect(await reader.listReaders()).toEqual([{ name: 'Benchside Simulated Reader 0', cardPresent: true }]);
    const cards = await reader.listCards();
    expect(cards).toHaveLength(1);
    const card = smartCardSchema.parse(cards[0]);
    expect(card).toMatchObject({
      readerName: SIMULATED_READER_NAME,
      serial: SIMULATED_CARD_SERIAL,
      firmwareVersion: '2.0.3',
      products: [],
    });
    expect(card.atr).toMatch(/^3B/);
  });

  it('answers a clear error for a reader that does not exist', async () => {
    const error = await rejection(driver().getValidation('Some Other Reader'));
    expect(error.kind).toBe('reader-not-found');
    expect(error.message).toBe('The card reader "Some Other Reader" was not found');
    expect(error.statusCode).toBe(404);
  });

  it('gives a validation the server accepts with the key it derives from the serial', async () => {
    const { serial, validationId } = await driver().getValidation(SIMULATED_READER_NAME);
    expect(serial).toBe(SIMULATED_CARD_SERIAL);
    const verdict = await verifyCardValidation({
      card: serial,
      validationId,
      masterKeyHex: MASTER_KEY,
      now: new Date(),
    });
    expect(verdict.ok).toBe(true);
  });

  it('puts the server challenge in the validation when one is given', async () => {
    const challenge = encodeBase64Url(new Uint8Array(16).fill(7));
    const { validationId } = await driver().getValidation(SIMULATED_READER_NAME, challenge);
    expect(decodeValidationId(validationId)?.nonce).toBe(challenge);
    const verdict = await verifyCardValidation({
      card: SIMULATED_CARD_SERIAL,
      validationId,
      masterKeyHex: MASTER_KEY,
      now: new Date(),
    });
    expect(verdict.ok).toBe(true);
  });

  it('draws a new nonce for every validation', async () => {
    const reader = driver();
    const first = decodeValidationId((await reader.getValidation(SIMULATED_READER_NAME)).validationId);
    const second = decodeValidationId((await reader.getValidation(SIMULATED_READER_NAME)).validationId);
    expect(first?.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first?.nonce).not.toBe(second?.nonce);
  });

  it('keeps activated products on the card across a restart of the helper', async () => {
    const first = driver();
    const card = await first.activateProduct(SIMULATED_READER_NAME, 'unlock-pro');
    expect(card.products.map((product) => product.id)).toEqual(['unlock-pro']);
    await first.activateProduct(SIMULATED_READER_NAME, 'unlock-pro');
    await first.close();

    const afterRestart = await driver().listCards();
    expect(afterRestart[0]?.products.map((product) => product.id)).toEqual(['unlock-pro']);
    expect(afterRestart[0]?.products[0]?.activatedAt).toBe(card.products[0]?.activatedAt);
  });

  it('activates with a server-issued activation token and refuses a wrong one', async () => {
    const reader = driver();
    const cardKey = await deriveCardKey(MASTER_KEY, SIMULATED_CARD_SERIAL);
    const token = await cardMac(cardKey, activationMessage(SIMULATED_CARD_SERIAL, 'flash-tool'));
    const card = await reader.activateProduct(SIMULATED_READER_NAME, 'flash-tool', token);
    expect(card.products.map((product) => product.id)).toEqual(['flash-tool']);

    const error = await rejection(reader.activateProduct(SIMULATED_READER_NAME, 'other-tool', token));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('The card refused the activation: the activation token is not valid');
    expect((await reader.listCards())[0]?.products.map((product) => product.id)).toEqual(['flash-tool']);
  });

  it('keeps its key in its own memory, as a personalised card does', async () => {
    await driver().listCards();
    const memory: unknown = JSON.parse(await readFile(join(stateDir, SIMULATED_CARD_STATE_FILE), 'utf8'));
    expect(memory).toMatchObject({
      serial: SIMULATED_CARD_SERIAL,
      key: encodeBase64Url(await deriveCardKey(MASTER_KEY, SIMULATED_CARD_SERIAL)),
    });
  });

  it('updates the card firmware with progress messages, then keeps the new version', async () => {
    const reader = driver();
    const statuses = new OperationStatusRegistry();
    const startedAt = Date.now();
    const id = statuses.start((report) => reader.updateCardFirmware(SIMULATED_READER_NAME, report));

    await sleep(50);
    const busy = await rejection(reader.getValidation(SIMULATED_READER_NAME));
    expect(busy.kind).toBe('card-busy');

    const seen: string[] = [];
    let status = statuses.get(id);
    while (status && !status.done) {
      seen.push(...status.messages);
      await sleep(100);
      status = statuses.get(id);
    }
    if (!status) throw new Error('the operation disappeared');
    seen.push(...status.messages);
    const elapsed = Date.now() - startedAt;

    expect(status.error).toBeNull();
    expect(seen[0]).toBe(`Checking the firmware of card ${SIMULATED_CARD_SERIAL}`);
    expect(seen).toContain('Updating the card firmware from 2.0.3 to 2.1.0');
    expect(seen).toContain('Writing firmware: 100%');
    expect(seen.at(-1)).toBe('The card firmware was updated to 2.1.0');
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(elapsed).toBeLessThan(4000);
    expect(statuses.get(id, true)?.messages).toEqual(seen);
    expect(statuses.get(id)?.messages).toEqual([]);

    await reader.close();
    const restarted = driver();
    expect((await restarted.listCards())[0]?.firmwareVersion).toBe('2.1.0');
    expect(await restarted.updateCardFirmware(SIMULATED_READER_NAME, () => undefined)).toEqual({
      firmwareVersion: '2.1.0',
    });
  });
});

describe('operation status registry', () => {
  it('reports a failed operation with its message', async () => {
    const statuses = new OperationStatusRegistry();
    const id = statuses.start(async (report) => {
      report('Starting');
      throw new CardReaderError('no-card', 'There is no card in the reader "R"');
    });
    await sleep(10);
    expect(statuses.get(id)).toEqual({
      id,
      messages: ['Starting'],
      done: true,
      error: 'There is no card in the reader "R"',
    });
  });

  it('forgets finished operations after the retention time, not running ones', async () => {
    let now = 0;
    const statuses = new OperationStatusRegistry({ retentionMs: 1000, now: () => now });
    const finished = statuses.start(async () => undefined);
    const running = statuses.start(() => new Promise(() => undefined));
    await sleep(10);
    now = 5000;
    expect(statuses.get(finished)).toBeUndefined();
    expect(statuses.get(running)?.done).toBe(false);
    expect(statuses.get('no-such-id')).toBeUndefined();
  });
});
