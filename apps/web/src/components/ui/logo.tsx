import { useTranslation } from 'react-i18next';

/** The brand mark: a phone on the brand-blue tile, followed by the word mark unless `markOnly`. */
export function Logo({ markOnly = false, size = 36 }: { markOnly?: boolean; size?: number }) {
  const { t } = useTranslation();
  return (
    <span className="brand-logo">
      <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="#009EF7" />
        <rect x="13" y="7" width="14" height="26" rx="3" fill="none" stroke="#fff" strokeWidth="2.6" />
        <path d="M18 11.5h4" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="20" cy="28" r="1.7" fill="#fff" />
        <path d="M6 22.5h5M29 17.5h5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" opacity=".75" />
      </svg>
      {markOnly ? (
        <span className="visually-hidden">{t('app.name')}</span>
      ) : (
        <span className="brand-logo-text">{t('app.name')}</span>
      )}
    </span>
  );
}
