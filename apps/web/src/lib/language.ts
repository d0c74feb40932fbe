import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@benchside/contracts/languages';

export { isLanguage, LANGUAGES, type Language };

export const DEFAULT_LANGUAGE_STORAGE_KEY = 'selectedLang';

// Equal to the contracts' CLIENT_CONFIG_ELEMENT_ID (a test checks it). Importing it from there would
// bring the schema library into the first screen, which only needs this one setting.
export const CONFIG_BLOCK_ID = 'benchside-config';

/** The configured storage key for the language, read before anything else so the right locale loads. */
export function readLanguageStorageKey(document: Document): string {
  try {
    const config: unknown = JSON.parse(document.getElementById(CONFIG_BLOCK_ID)?.textContent || 'null');
    if (typeof config === 'object' && config !== null && 'languageStorageKey' in config) {
      const key = config.languageStorageKey;
      if (typeof key === 'string' && key) return key;
    }
  } catch {
    // A broken block is reported by the full config validation; the default key still works.
  }
  return DEFAULT_LANGUAGE_STORAGE_KEY;
}

export const languageStorageKey = readLanguageStorageKey(document);

type ReadableStorage = Pick<Storage, 'getItem'>;

/** The stored language code, or English when nothing (or nothing valid) is stored. */
export function readLanguage(storage: ReadableStorage, storageKey: string): Language {
  try {
    const stored = storage.getItem(storageKey);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(
  storage: Pick<Storage, 'setItem'>,
  storageKey: string,
  language: Language,
): void {
  storage.setItem(storageKey, language);
}

/** Each language's own name, shown beside the translated one so a lost user finds their way back. */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  es: 'Español',
  ja: '日本語',
  de: 'Deutsch',
  fr: 'Français',
};

/** Spec §2: choosing a language stores it under the configured key and reloads the page. */
export function chooseLanguage(language: Language): void {
  try {
    storeLanguage(localStorage, languageStorageKey, language);
  } finally {
    window.location.reload();
  }
}
