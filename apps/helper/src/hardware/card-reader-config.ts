import { cardMasterKeySchema } from '@benchside/contracts/card-validation';
import { HelperConfigError } from '../config.ts';
import type { CardReaderDriver } from './card-reader-driver.ts';
import { PcscCardReaderDriver } from './pcsc-card-reader.ts';
import { SimulatedCardReaderDriver } from './simulated-card-reader.ts';

export type CardReaderConfig = { readers: 'pcsc' } | { readers: 'simulated'; masterKeyHex: string };

/**
 * `HELPER_READERS=pcsc` (the default, for real users) or `simulated` (the `npm start` demo, tests). There is
 * no fallback between them: a missing pcscd is reported as such, never hidden behind a fake card.
 * The simulated card is personalised from `VENDOR_CARD_MASTER_KEY`, the same key the API checks
 * validations with.
 */
export function loadCardReaderConfig(env: NodeJS.ProcessEnv = process.env): CardReaderConfig {
  const readers = env.HELPER_READERS?.trim() || 'pcsc';
  if (readers === 'pcsc') return { readers };
  if (readers !== 'simulated') {
    throw new HelperConfigError(`HELPER_READERS: "${env.HELPER_READERS}" must be pcsc or simulated`);
  }
  const masterKey = env.VENDOR_CARD_MASTER_KEY?.trim() ?? '';
  if (!cardMasterKeySchema.safeParse(masterKey).success) {
    throw new HelperConfigError(
      'VENDOR_CARD_MASTER_KEY: must be 64 hexadecimal characters when HELPER_READERS=simulated',
    );
  }
  return { readers, masterKeyHex: masterKey };
}

/** `configDir` holds the simulated card's memory. */
export function createCardReaderDriver(config: CardReaderConfig, configDir: string): CardReaderDriver {
  if (config.readers === 'pcsc') return new PcscCardReaderDriver();
  return new SimulatedCardReaderDriver({ stateDir: configDir, masterKeyHex: config.masterKeyHex });
}
