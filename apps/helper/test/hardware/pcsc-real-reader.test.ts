import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PcscCardReaderDriver } from '../../src/hardware/pcsc-card-reader.ts';
import { rejection } from './card-reader-rejection.ts';

// scripts/ci-pcsc.sh starts pcscd with vsmartcard's virtual reader and an ISO 7816 virtual card.
const VIRTUAL_READER_WITH_CARD = 'Virtual PCD 00 00';
const VIRTUAL_READER_EMPTY = 'Virtual PCD 00 01';

const CI_SCRIPT = fileURLToPath(new URL('../../../../scripts/ci-pcsc.sh', import.meta.url));

const driver = new PcscCardReaderDriver();
afterAll(async () => {
  await driver.close();
});

describe.skipIf(process.env.PCSC_TEST !== '1')(
  'PC/SC driver against a real pcscd and a virtual card (skipped unless PCSC_TEST=1, after scripts/ci-pcsc.sh start)',
  () => {
    it('lists the virtual readers and sees the card in the first one', async () => {
      const readers = await driver.listReaders();
      expect(readers).toContainEqual({ name: VIRTUAL_READER_WITH_CARD, cardPresent: true });
      expect(readers).toContainEqual({ name: VIRTUAL_READER_EMPTY, cardPresent: false });
    });

    it('lists the card with its ATR, as a card that is not a Benchside card', async () => {
      const cards = await driver.listCards();
      const card = cards.find((listed) => listed.readerName === VIRTUAL_READER_WITH_CARD);
      expect(card).toEqual({
        readerName: VIRTUAL_READER_WITH_CARD,
        atr: expect.stringMatching(/^3B([0-9A-F]{2})+$/),
        serial: null,
        firmwareVersion: null,
        products: [],
      });
    });

    it("draws random bytes from the card's GET CHALLENGE", async () => {
      const first = await driver.getChallenge(VIRTUAL_READER_WITH_CARD, 16);
      const second = await driver.getChallenge(VIRTUAL_READER_WITH_CARD, 16);
      expect(first).toHaveLength(16);
      expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
    });

    it('answers clearly for an empty reader, an unknown reader and vendor operations', async () => {
      expect(await rejection(driver.getChallenge(VIRTUAL_READER_EMPTY, 8))).toMatchObject({
        kind: 'no-card',
        message: `There is no card in the reader "${VIRTUAL_READER_EMPTY}"`,
      });
      expect(await rejection(driver.getChallenge('No Such Reader', 8))).toMatchObject({
        kind: 'reader-not-found',
      });
      expect(await rejection(driver.getValidation(VIRTUAL_READER_WITH_CARD))).toMatchObject({
        kind: 'not-supported',
        message: 'This operation is not supported by this card',
      });
    });

    // Needs the pcscd that scripts/ci-pcsc.sh started: the test stops and restarts it.
    it('reports pcscd going away and works again once it is back', async () => {
      const outcome = async () => {
        try {
          return await driver.listReaders();
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      };
      expect(await outcome()).toContainEqual({ name: VIRTUAL_READER_WITH_CARD, cardPresent: true });
      execFileSync(CI_SCRIPT, ['stop']);
      await expect.poll(outcome, { timeout: 2000 }).toBe('PC/SC service is not running');
      execFileSync(CI_SCRIPT, ['start']);
      await expect
        .poll(outcome, { timeout: 5000 })
        .toContainEqual({ name: VIRTUAL_READER_WITH_CARD, cardPresent: true });
      expect(Buffer.from(await driver.getChallenge(VIRTUAL_READER_WITH_CARD, 8))).toHaveLength(8);
    });
  },
);
