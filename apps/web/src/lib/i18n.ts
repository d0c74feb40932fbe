import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translation as englishTranslation } from '../locales/en.json?area=entry';
import { isLanguage, type Language, languageStorageKey, readLanguage } from './language.ts';
import { importWithTimeout } from './lazy-import.ts';

/** A locale file: the app's own keys plus `messages`, keyed by the spec's English wording. */
export interface LocaleResources {
  translation: Record<string, unknown>;
  messages: Record<string, string>;
}

// One chunk per language, so the first screen downloads only the active one, and without the
// master layout's strings, which come with it (decision 145). English travels in the entry without
// its `messages`: they are keyed by their own English text, which translateMessage's default gives
// back, and the entry is what the sign-in page weighs.
const localeLoaders: Record<Language, () => Promise<{ default: LocaleResources }>> = {
  en: async () => ({ default: { translation: englishTranslation, messages: {} } }),
  zh: () => import('../locales/zh.json?area=entry'),
  es: () => import('../locales/es.json?area=entry'),
  ja: () => import('../locales/ja.json?area=entry'),
  de: () => import('../locales/de.json?area=entry'),
  fr: () => import('../locales/fr.json?area=entry'),
};

const masterLayoutStringLoaders: Record<Language, () => Promise<{ translation: Record<string, unknown> }>> = {
  en: () => import('../locales/en.json?area=master-layout'),
  zh: () => import('../locales/zh.json?area=master-layout'),
  es: () => import('../locales/es.json?area=master-layout'),
  ja: () => import('../locales/ja.json?area=master-layout'),
  de: () => import('../locales/de.json?area=master-layout'),
  fr: () => import('../locales/fr.json?area=master-layout'),
};

/** A language's master-layout strings: loading, here (and whether i18next has them yet), or failed. */
type MasterLayoutStrings = {
  loading: Promise<void>;
  strings?: Record<string, unknown>;
  added?: boolean;
  failure?: unknown;
};
const masterLayoutStrings = new Map<Language, MasterLayoutStrings>();

/** The language i18next runs in, or before it has started the one it is going to start in. */
function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : readLanguage(localStorage, languageStorageKey);
}

/**
 * Starts loading the master layout's strings (decision 145), in the current language unless told:
 * with the layout's chunk, so that its first render finds them here. A failed load is tried again
 * by the next call.
 */
export function loadMasterLayoutStrings(language: Language = currentLanguage()): Promise<void> {
  const known = masterLayoutStrings.get(language);
  if (known && known.failure === undefined) return known.loading;
  const state: MasterLayoutStrings = {
    loading: importWithTimeout(masterLayoutStringLoaders[language]).then(
      ({ translation }) => {
        state.strings = translation;
      },
      (error: unknown) => {
        state.failure = error;
        throw error;
      },
    ),
  };
  masterLayoutStrings.set(language, state);
  return state.loading;
}

/**
 * The master layout's strings in i18next before anything of the layout asks for them: called first
 * by the layout, which suspends until they are here (they normally are: see
 * `loadMasterLayoutStrings`). A failed load is the route's chunk-load failure, tried again on retry.
 */
export function useMasterLayoutStrings(): void {
  const language = isLanguage(i18next.language) ? i18next.language : 'en';
  const state = masterLayoutStrings.get(language);
  if (!state?.strings) {
    if (state?.failure !== undefined) {
      masterLayoutStrings.delete(language);
      throw state.failure;
    }
    throw loadMasterLayoutStrings(language);
  }
  if (!state.added) {
    i18next.addResourceBundle(language, 'translation', state.strings, true, false);
    state.added = true;
  }
}

export async function loadLocale(language: Language): Promise<LocaleResources> {
  return (await importWithTimeout(localeLoaders[language])).default;
}

export async function initI18n(language: Language, resources: LocaleResources): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: ['translation', 'messages'],
    defaultNS: 'translation',
    resources: { [language]: { ...resources } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

/**
 * Messages that arrive as data (form validation, server answers) are keyed by their English text;
 * one we have no translation for is shown as the server wrote it.
 */
export function translateMessage(t: TFunction, message: string): string {
  return t(message, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message });
}
