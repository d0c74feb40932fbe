import type { CardReader, GetValidationResponse, SmartCard } from '@benchside/contracts/card-validation';
import { type CardReaderDriver, CardReaderError } from './card-reader-driver.ts';
import { loadPcscFactory, type PcscContext, type PcscReader } from './pcsc-binding.ts';

type ReaderEntry = {
  reader: PcscReader;
  /** SCARD_STATE_* bits; undefined until pcscd has told us. */
  state: number | undefined;
  atr: Buffer;
  /** Connect–transmit–disconnect runs of this reader, one at a time. */
  queue: Promise<unknown>;
};

type Session = {
  context: PcscContext;
  readers: Map<string, ReaderEntry>;
  ready: Promise<void>;
};

/** How long one card command may take before it counts as hung. */
const COMMAND_TIMEOUT_MS = 10_000;
/** How long to wait for pcscd's first reader list when it reports no reader at all. */
const SETTLE_MS = 300;

// PC/SC return codes (pcsclite's errors end with them, e.g. "Service not available.(0x8010001d)").
const NO_SERVICE = ['0x8010001d', '0x8010001e'];
const NO_CARD = ['0x8010000c', '0x80100069', '0x80100066', '0x80100067', '0x80100068'];
const SHARING_VIOLATION = '0x8010000b';
const UNKNOWN_READER = ['0x80100009', '0x80100017'];

const SERVICE_NOT_RUNNING = 'PC/SC service is not running';
const NOT_SUPPORTED = 'This operation is not supported by this card';

/**
 * Real readers through pcscd. Generic ISO 7816 operations work with any card (readers, presence,
 * ATR, GET CHALLENGE). Benchside's vendor commands (serial, validation, activation, firmware) have
 * no published APDU set yet, so every card seen here is treated as a non-Benchside card: it is
 * listed with a null serial and vendor operations answer that the card does not support them.
 *
 * pcscd may start or stop at any time: when it is missing each call fails at once with
 * 'PC/SC service is not running', and the next call tries again (no background retry loop).
 */
export class PcscCardReaderDriver implements CardReaderDriver {
  #session: Session | undefined;

  async listReaders(): Promise<CardReader[]> {
    const session = await this.#open();
    return [...session.readers.values()]
      .filter((entry) => entry.state !== undefined)
      .map((entry) => ({ name: entry.reader.name, cardPresent: isCardPresent(entry) }))
      .sort((first, second) => first.name.localeCompare(second.name));
  }

  async listCards(): Promise<SmartCard[]> {
    const session = await this.#open();
    return [...session.readers.values()]
      .filter(isCardPresent)
      .map((entry) => ({
        readerName: entry.reader.name,
        atr: entry.atr.toString('hex').toUpperCase(),
        serial: null,
        firmwareVersion: null,
        products: [],
      }))
      .sort((first, second) => first.readerName.localeCompare(second.readerName));
  }

  async getChallenge(readerName: string, length: number): Promise<Uint8Array> {
    const entry = await this.#cardIn(readerName);
    return this.#withCard(entry, async (send) => {
      const challenge: number[] = [];
      // Cards answer a handful of bytes per GET CHALLENGE (often exactly 8), so ask until there are enough.
      while (challenge.length < length) {
        const wanted = Math.min(8, length - challenge.length);
        const { data, statusWord } = splitResponse(await send(Buffer.from([0x00, 0x84, 0x00, 0x00, wanted])));
        if (statusWord === 0x6d00 || statusWord === 0x6e00 || statusWord === 0x6a81) {
          throw new CardReaderError('not-supported', 'This card does not support GET CHALLENGE');
        }
        if (statusWord !== 0x9000 || data.length === 0) {
          throw new CardReaderError(
            'card-error',
            `The card refused GET CHALLENGE (status ${hexWord(statusWord)})`,
          );
        }
        challenge.push(...data.subarray(0, wanted));
      }
      return Uint8Array.from(challenge);
    });
  }

  async getValidation(readerName: string): Promise<GetValidationResponse> {
    await this.#cardIn(readerName);
    throw new CardReaderError('not-supported', NOT_SUPPORTED);
  }

  async activateProduct(readerName: string): Promise<SmartCard> {
    await this.#cardIn(readerName);
    throw new CardReaderError('not-supported', NOT_SUPPORTED);
  }

  async updateCardFirmware(readerName: string): Promise<{ firmwareVersion: string }> {
    await this.#cardIn(readerName);
    throw new CardReaderError('not-supported', NOT_SUPPORTED);
  }

  async close(): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    if (session) closeSession(session);
  }

  async #open(): Promise<Session> {
    if (!this.#session) this.#session = this.#startSession();
    const session = this.#session;
    await session.ready;
    return session;
  }

  #startSession(): Session {
    const create = loadPcscFactory();
    let context: PcscContext;
    try {
      context = create();
    } catch (error) {
      throw toCardReaderError(error);
    }
    const readers = new Map<string, ReaderEntry>();
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    const settle = setTimeout(markReady, SETTLE_MS);
    const readyWhenAllKnown = () => {
      if (readers.size > 0 && [...readers.values()].every((entry) => entry.state !== undefined)) {
        clearTimeout(settle);
        markReady();
      }
    };
    const session: Session = { context, readers, ready };

    context.on('reader', (reader: PcscReader) => {
      const entry: ReaderEntry = { reader, state: undefined, atr: Buffer.alloc(0), queue: Promise.resolve() };
      readers.set(reader.name, entry);
      reader.on('status', (status: { state: number; atr?: Buffer }) => {
        entry.state = status.state;
        entry.atr = status.atr ?? Buffer.alloc(0);
        readyWhenAllKnown();
      });
      const forget = () => {
        if (readers.get(reader.name) === entry) readers.delete(reader.name);
        readyWhenAllKnown();
      };
      reader.on('end', forget);
      reader.on('error', () => {
        forget();
        reader.close();
      });
    });
    // pcscd went away (or failed): drop this session; the next call opens a new one or reports the error.
    context.on('error', () => {
      if (this.#session === session) this.#session = undefined;
      clearTimeout(settle);
      markReady();
      closeSession(session);
    });
    return session;
  }

  async #cardIn(readerName: string): Promise<ReaderEntry> {
    const session = await this.#open();
    const entry = session.readers.get(readerName);
    if (!entry || entry.state === undefined) {
      throw new CardReaderError('reader-not-found', `The card reader "${readerName}" was not found`);
    }
    if (!isCardPresent(entry))
      throw new CardReaderError('no-card', `There is no card in the reader "${readerName}"`);
    return entry;
  }

  /** One connection to the card for a run of commands; runs on the same reader wait their turn. */
  #withCard<Result>(
    entry: ReaderEntry,
    use: (send: (command: Buffer) => Promise<Buffer>) => Promise<Result>,
  ): Promise<Result> {
    const run = entry.queue.then(() => this.#connected(entry.reader, use));
    entry.queue = run.catch(() => undefined);
    return run;
  }

  async #connected<Result>(
    reader: PcscReader,
    use: (send: (command: Buffer) => Promise<Buffer>) => Promise<Result>,
  ): Promise<Result> {
    const protocol = await this.#call<number>('connect', (done) =>
      reader.connect({ share_mode: reader.SCARD_SHARE_SHARED }, done),
    );
    try {
      // 256 data bytes plus the status word: the largest short-APDU answer.
      return await use((command) =>
        this.#call<Buffer>('transmit', (done) => reader.transmit(command, 258, protocol, done)),
      );
    } finally {
      await this.#call<void>('disconnect', (done) => reader.disconnect(reader.SCARD_LEAVE_CARD, done)).catch(
        () => undefined,
      );
    }
  }

  /** A pcsclite callback call that can neither hang the caller nor leak a raw error. */
  #call<Result>(
    what: string,
    start: (done: (error: unknown, result: Result) => void) => void,
  ): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new CardReaderError('timeout', `The card reader did not answer (${what}) in time`));
      }, COMMAND_TIMEOUT_MS);
      start((error, result) => {
        clearTimeout(timer);
        if (error) reject(toCardReaderError(error));
        else resolve(result);
      });
    });
  }
}

function isCardPresent(entry: ReaderEntry): boolean {
  const { state, reader } = entry;
  return (
    state !== undefined &&
    (state & reader.SCARD_STATE_PRESENT) !== 0 &&
    (state & reader.SCARD_STATE_MUTE) === 0
  );
}

function closeSession(session: Session): void {
  for (const entry of session.readers.values()) entry.reader.close();
  session.readers.clear();
  session.context.close();
}

function splitResponse(response: Buffer): { data: Buffer; statusWord: number } {
  if (response.length < 2)
    throw new CardReaderError('card-error', 'The card sent an answer without a status word');
  return { data: response.subarray(0, -2), statusWord: response.readUInt16BE(response.length - 2) };
}

function hexWord(word: number): string {
  return word.toString(16).toUpperCase().padStart(4, '0');
}

function toCardReaderError(error: unknown): CardReaderError {
  if (error instanceof CardReaderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const lower = message.toLowerCase();
  if (NO_SERVICE.some((code) => lower.includes(code))) {
    return new CardReaderError('service-unavailable', SERVICE_NOT_RUNNING, { cause: error });
  }
  if (NO_CARD.some((code) => lower.includes(code))) {
    return new CardReaderError('no-card', 'The card was removed or does not answer', { cause: error });
  }
  if (lower.includes(SHARING_VIOLATION)) {
    return new CardReaderError('card-busy', 'Another program is using the card', { cause: error });
  }
  if (UNKNOWN_READER.some((code) => lower.includes(code))) {
    return new CardReaderError('reader-not-found', 'The card reader was unplugged', { cause: error });
  }
  return new CardReaderError('card-error', `The card reader failed: ${message}`, { cause: error });
}
