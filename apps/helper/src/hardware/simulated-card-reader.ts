import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  cardMac,
  decodeBase64Url,
  deriveCardKey,
  encodeBase64Url,
  encodeValidationId,
  validationMessage,
  verifyActivationToken,
} from '@benchside/card-crypto/card-validation';
import {
  type CardReader,
  type CardValidation,
  cardProductSchema,
  cardSerialSchema,
  type GetValidationResponse,
  SIMULATED_CARD_SERIAL,
  SIMULATED_READER_NAME,
  type SmartCard,
} from '@benchside/contracts/card-validation';
import { z } from 'zod';
import { writeJsonAtomically } from '../atomic-json.ts';
import { type CardReaderDriver, CardReaderError, type ProgressReporter } from './card-reader-driver.ts';

// ISO 7816-3 answer-to-reset with "BENCHSIDE" as historical bytes (T=0 and T=1, so a TCK follows).
const SIMULATED_ATR = '3B89800142454E43485349444551';
const FIRST_FIRMWARE_VERSION = '2.0.3';
const LATEST_FIRMWARE_VERSION = '2.1.0';
export const SIMULATED_CARD_STATE_FILE = 'simulated-card.json';

const cardStateSchema = z.object({
  serial: cardSerialSchema,
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  firmwareVersion: z.string(),
  products: z.array(cardProductSchema),
});
type CardState = z.infer<typeof cardStateSchema>;

export type SimulatedCardReaderOptions = {
  /** Where the card's memory lives, so activations and firmware survive a restart. */
  stateDir: string;
  /** Plays the vendor's factory: the first start personalises the card with the derived key. */
  masterKeyHex: string;
  serial?: string;
  latestFirmwareVersion?: string;
  /** Pause between firmware update steps; eight steps make the ~2 s update. */
  firmwareStepMs?: number;
};

/** One reader with one Benchside card in it, behaving as the real card is specified to. */
export class SimulatedCardReaderDriver implements CardReaderDriver {
  readonly #stateFile: string;
  readonly #options: SimulatedCardReaderOptions;
  #state: Promise<CardState> | undefined;
  #updatingFirmware = false;
  // Changes to the card's memory happen one at a time, in call order, each on disk before it counts.
  #changes: Promise<unknown> = Promise.resolve();

  constructor(options: SimulatedCardReaderOptions) {
    this.#options = options;
    this.#stateFile = join(options.stateDir, SIMULATED_CARD_STATE_FILE);
  }

  async listReaders(): Promise<CardReader[]> {
    return [{ name: SIMULATED_READER_NAME, cardPresent: true }];
  }

  async listCards(): Promise<SmartCard[]> {
    return [toSmartCard(await this.#card())];
  }

  async getChallenge(readerName: string, length: number): Promise<Uint8Array> {
    this.#checkReader(readerName);
    this.#checkNotBusy();
    return randomBytes(length);
  }

  async getValidation(readerName: string, challenge?: string): Promise<GetValidationResponse> {
    this.#checkReader(readerName);
    this.#checkNotBusy();
    const card = await this.#card();
    const nonce = challenge ?? encodeBase64Url(await this.getChallenge(readerName, 16));
    const issuedAt = new Date().toISOString();
    const mac = await cardMac(cardKeyOf(card), validationMessage(card.serial, nonce, issuedAt));
    const validation: CardValidation = { v: 1, serial: card.serial, nonce, issuedAt, mac };
    return { serial: card.serial, validationId: encodeValidationId(validation) };
  }

  async activateProduct(readerName: string, productId: string, activationToken?: string): Promise<SmartCard> {
    this.#checkReader(readerName);
    this.#checkNotBusy();
    const card = await this.#card();
    if (
      activationToken !== undefined &&
      !(await verifyActivationToken(cardKeyOf(card), card.serial, productId, activationToken))
    ) {
      throw new CardReaderError(
        'refused',
        'The card refused the activation: the activation token is not valid',
      );
    }
    const activated = await this.#change((current) =>
      current.products.some((product) => product.id === productId)
        ? current
        : {
            ...current,
            products: [...current.products, { id: productId, activatedAt: new Date().toISOString() }],
          },
    );
    return toSmartCard(activated);
  }

  async updateCardFirmware(
    readerName: string,
    onProgress: ProgressReporter,
  ): Promise<{ firmwareVersion: string }> {
    this.#checkReader(readerName);
    this.#checkNotBusy();
    this.#updatingFirmware = true;
    try {
      const card = await this.#card();
      const latest = this.#options.latestFirmwareVersion ?? LATEST_FIRMWARE_VERSION;
      const stepMs = this.#options.firmwareStepMs ?? 250;
      onProgress(`Checking the firmware of card ${card.serial}`);
      if (card.firmwareVersion === latest) {
        onProgress(`The card firmware ${latest} is already up to date`);
        return { firmwareVersion: latest };
      }
      onProgress(`Updating the card firmware from ${card.firmwareVersion} to ${latest}`);
      for (const percent of [0, 20, 40, 60, 80, 100]) {
        await sleep(stepMs);
        onProgress(`Writing firmware: ${percent}%`);
      }
      await sleep(stepMs);
      onProgress('Verifying the firmware');
      await this.#change((current) => ({ ...current, firmwareVersion: latest }));
      onProgress(`The card firmware was updated to ${latest}`);
      return { firmwareVersion: latest };
    } finally {
      this.#updatingFirmware = false;
    }
  }

  async close(): Promise<void> {
    await this.#changes;
  }

  #checkReader(readerName: string): void {
    if (readerName !== SIMULATED_READER_NAME) {
      throw new CardReaderError('reader-not-found', `The card reader "${readerName}" was not found`);
    }
  }

  #checkNotBusy(): void {
    if (this.#updatingFirmware) {
      throw new CardReaderError(
        'card-busy',
        'The card is busy updating its firmware, try again when it has finished',
      );
    }
  }

  #card(): Promise<CardState> {
    if (!this.#state) {
      const loading = this.#load();
      this.#state = loading;
      // A damaged memory file may be fixed by the user; the next call reads it again.
      loading.catch(() => {
        if (this.#state === loading) this.#state = undefined;
      });
    }
    return this.#state;
  }

  async #change(next: (card: CardState) => CardState): Promise<CardState> {
    const change = this.#changes.then(async () => {
      const current = await this.#card();
      const changed = next(current);
      if (changed !== current) {
        await writeJsonAtomically(this.#stateFile, changed);
        this.#state = Promise.resolve(changed);
      }
      return changed;
    });
    this.#changes = change.catch(() => undefined);
    return change;
  }

  async #load(): Promise<CardState> {
    let text: string;
    try {
      text = await readFile(this.#stateFile, 'utf8');
    } catch (error) {
      if (!isMissingFile(error)) throw error;
      return this.#personalise();
    }
    const parsed = cardStateSchema.safeParse(parseJson(text));
    if (!parsed.success) {
      throw new CardReaderError(
        'card-error',
        `The simulated card's memory in ${this.#stateFile} is damaged; delete the file to get a new card`,
      );
    }
    return parsed.data;
  }

  async #personalise(): Promise<CardState> {
    const serial = this.#options.serial ?? SIMULATED_CARD_SERIAL;
    const key = await deriveCardKey(this.#options.masterKeyHex, serial);
    const card: CardState = {
      serial,
      key: encodeBase64Url(key),
      firmwareVersion: FIRST_FIRMWARE_VERSION,
      products: [],
    };
    await writeJsonAtomically(this.#stateFile, card);
    return card;
  }
}

function cardKeyOf(card: CardState): Uint8Array<ArrayBuffer> {
  const key = decodeBase64Url(card.key);
  if (!key) throw new CardReaderError('card-error', 'The simulated card has no valid key');
  return key;
}

function toSmartCard(card: CardState): SmartCard {
  return {
    readerName: SIMULATED_READER_NAME,
    atr: SIMULATED_ATR,
    serial: card.serial,
    firmwareVersion: card.firmwareVersion,
    products: card.products.map((product) => ({ ...product })),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
