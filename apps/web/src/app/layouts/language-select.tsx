import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { returnFocusAfterReload, useFocusAfterReload } from '../../lib/focus-after-reload.ts';
import {
  chooseLanguage,
  isLanguage,
  LANGUAGES,
  type Language,
  NATIVE_LANGUAGE_NAMES,
} from '../../lib/language.ts';

/** A native select for pages without the user menu (auth area), so visitors can switch too. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const select = useRef<HTMLSelectElement>(null);
  useFocusAfterReload('language-select', select);
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="small text-body-secondary mb-0">
        {t('language.label')}
      </label>
      <select
        ref={select}
        id={id}
        className="form-select form-select-sm language-select"
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          returnFocusAfterReload('language-select');
          chooseLanguage(next);
        }}
      >
        {LANGUAGES.map((language: Language) => (
          <option key={language} value={language} lang={language}>
            {NATIVE_LANGUAGE_NAMES[language]}
            {language === current ? '' : ` · ${t(`language.names.${language}`)}`}
          </option>
        ))}
      </select>
    </div>
  );
}
