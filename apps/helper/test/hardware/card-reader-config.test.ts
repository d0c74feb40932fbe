import { describe, expect, it } from 'vitest';
import { HelperConfigError } from '../../src/config.ts';
import { loadCardReaderConfig } from '../../src/hardware/card-reader-config.ts';

const MASTER_KEY = 'c3'.repeat(32);

describe('card reader configuration', () => {
  it('uses PC/SC unless told otherwise', () => {
    expect(loadCardReaderConfig({})).toEqual({ readers: 'pcsc' });
    expect(loadCardReaderConfig({ HELPER_READERS: 'pcsc', VENDOR_CARD_MASTER_KEY: MASTER_KEY })).toEqual({
      readers: 'pcsc',
    });
  });

  it('uses the simulated reader with the vendor master key', () => {
    expect(loadCardReaderConfig({ HELPER_READERS: 'simulated', VENDOR_CARD_MASTER_KEY: MASTER_KEY })).toEqual(
      {
        readers: 'simulated',
        masterKeyHex: MASTER_KEY,
      },
    );
  });

  it('stops start-up with a line naming the variable when it is wrong', () => {
    expect(() => loadCardReaderConfig({ HELPER_READERS: 'usb' })).toThrow(
      new HelperConfigError('HELPER_READERS: "usb" must be pcsc or simulated'),
    );
    expect(() => loadCardReaderConfig({ HELPER_READERS: 'simulated' })).toThrow(/^VENDOR_CARD_MASTER_KEY: /);
    expect(() =>
      loadCardReaderConfig({ HELPER_READERS: 'simulated', VENDOR_CARD_MASTER_KEY: 'short' }),
    ).toThrow(/^VENDOR_CARD_MASTER_KEY: must be 64 hexadecimal characters/);
  });
});
