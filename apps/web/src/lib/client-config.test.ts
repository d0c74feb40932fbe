import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_CONFIG, parseClientConfig } from './client-config.ts';

describe('client configuration', () => {
  it('falls back to defaults without a (valid) config block', () => {
    expect(parseClientConfig(null)).toEqual(DEFAULT_CLIENT_CONFIG);
    expect(parseClientConfig('{broken')).toEqual(DEFAULT_CLIENT_CONFIG);
    expect(parseClientConfig('{"contactEmail": 5}')).toEqual(DEFAULT_CLIENT_CONFIG);
    expect(DEFAULT_CLIENT_CONFIG.languageStorageKey).toBe('selectedLang');
  });

  it('uses the server-provided values when the block is valid', () => {
    const served = {
      ...DEFAULT_CLIENT_CONFIG,
      contactEmail: 'privacy@example.test',
      languageStorageKey: 'lang',
    };
    expect(parseClientConfig(JSON.stringify(served))).toEqual(served);
  });
});
