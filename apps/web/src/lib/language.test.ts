import { CLIENT_CONFIG_ELEMENT_ID } from '@benchside/contracts/client-config';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONFIG_BLOCK_ID,
  DEFAULT_LANGUAGE_STORAGE_KEY,
  readLanguage,
  readLanguageStorageKey,
  storeLanguage,
} from './language.ts';

describe('language storage', () => {
  afterEach(() => {
    document.getElementById(CONFIG_BLOCK_ID)?.remove();
  });

  it('defaults to English when nothing valid is stored', () => {
    expect(readLanguage(localStorage, 'selectedLang')).toBe('en');
    localStorage.setItem('selectedLang', 'klingon');
    expect(readLanguage(localStorage, 'selectedLang')).toBe('en');
  });

  it('reads back a stored language under the given key', () => {
    storeLanguage(localStorage, 'selectedLang', 'ja');
    expect(localStorage.getItem('selectedLang')).toBe('ja');
    expect(readLanguage(localStorage, 'selectedLang')).toBe('ja');
    expect(readLanguage(localStorage, 'otherKey')).toBe('en');
  });

  it('takes the storage key from the config block, else selectedLang', () => {
    expect(readLanguageStorageKey(document)).toBe(DEFAULT_LANGUAGE_STORAGE_KEY);
    expect(DEFAULT_LANGUAGE_STORAGE_KEY).toBe('selectedLang');
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = CONFIG_BLOCK_ID;
    block.textContent = JSON.stringify({ languageStorageKey: 'portalLanguage' });
    document.head.append(block);
    expect(readLanguageStorageKey(document)).toBe('portalLanguage');
    block.textContent = '{broken';
    expect(readLanguageStorageKey(document)).toBe(DEFAULT_LANGUAGE_STORAGE_KEY);
  });

  it('reads the same block the server writes', () => {
    expect(CONFIG_BLOCK_ID).toBe(CLIENT_CONFIG_ELEMENT_ID);
  });
});
