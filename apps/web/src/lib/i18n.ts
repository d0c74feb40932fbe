import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translation as englishTranslation } from '../locales/en.json';
import type { Language } from './language.ts';
import { importWithTimeout } from './lazy-import.ts';

/** A locale file: the app's own keys plus `messages`, keyed by the spec's English wording. */
export interface LocaleResources {
  translation: Record<string, unknown>;
  messages: Record<string, string>;
}

// One chunk per language, so the first screen downloads only the active one. English travels in
// the entry without its `messages`: they are keyed by their own English text, which
// translateMessage's default gives back, and the entry is what the sign-in page weighs.
const localeLoaders: Record<Language, () => Promise<{ default: LocaleResources }>> = {
  en: async () => ({ default: { translation: englishTranslation, messages: {} } }),
  zh: () => import('../locales/zh.json'),
  es: () => import('../locales/es.json'),
  ja: () => import('../locales/ja.json'),
  de: () => import('../locales/de.json'),
  fr: () => import('../locales/fr.json'),
};

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
