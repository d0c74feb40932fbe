import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { CardReaderError } from './card-reader-driver.ts';

/** The part of `pcsclite`'s reader object this helper uses. */
export interface PcscReader extends EventEmitter {
  readonly name: string;
  readonly connected: boolean;
  readonly SCARD_SHARE_SHARED: number;
  readonly SCARD_STATE_PRESENT: number;
  readonly SCARD_STATE_MUTE: number;
  readonly SCARD_LEAVE_CARD: number;
  connect(options: { share_mode: number }, callback: (error: unknown, protocol: number) => void): void;
  disconnect(disposition: number, callback: (error: unknown) => void): void;
  transmit(
    data: Buffer,
    responseLength: number,
    protocol: number,
    callback: (error: unknown, data: Buffer) => void,
  ): void;
  close(): void;
}

/** The part of `pcsclite`'s context object this helper uses: 'reader' and 'error' events. */
export interface PcscContext extends EventEmitter {
  close(): void;
}

export type PcscFactory = () => PcscContext;

let factory: PcscFactory | undefined;

/**
 * `pcsclite` is an optional dependency with a native build (it needs libpcsclite-dev), so it is
 * loaded only when the PC/SC driver is first used, and its absence is a clear error, not a crash
 * at start-up for users of the simulated reader.
 */
export function loadPcscFactory(): PcscFactory {
  if (factory) return factory;
  const require = createRequire(import.meta.url);
  let loaded: unknown;
  try {
    loaded = require('pcsclite');
  } catch (error) {
    throw new CardReaderError(
      'support-missing',
      'PC/SC support is not installed: the optional "pcsclite" module is missing or failed to build ' +
        '(install libpcsclite-dev, then run "npm rebuild pcsclite")',
      { cause: error },
    );
  }
  if (!isFactory(loaded)) {
    throw new CardReaderError(
      'support-missing',
      'PC/SC support is broken: "pcsclite" does not export a function',
    );
  }
  factory = loaded;
  return loaded;
}

function isFactory(value: unknown): value is PcscFactory {
  return typeof value === 'function';
}
