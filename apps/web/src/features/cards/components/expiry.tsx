import type { CardLicence } from '@benchside/contracts/cards';
import { useTranslation } from 'react-i18next';
import { expiryCountdown, formatDate, formatDays } from '../../../lib/format.ts';

/**
 * When something ends, with its countdown: "30 Nov 2026 · expires in 5 days", in the warning
 * colour within a week, and an "Expired" badge once past. Nothing ends: "No expiry".
 */
export function Expiry({ expiresAt }: { expiresAt: string | null }) {
  const { t, i18n } = useTranslation();
  if (!expiresAt) return <span className="text-body-secondary">{t('cards.credits.noExpiry')}</span>;
  const countdown = expiryCountdown(expiresAt, new Date(), i18n.language);
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1">
      <time dateTime={expiresAt}>{formatDate(expiresAt, i18n.language)}</time>
      {countdown.expired ? (
        <>
          <span className="badge text-bg-danger">{t('cards.expiry.expired')}</span>
          <span className="text-body-secondary">
            {t('cards.expiry.expiredAgo', { when: countdown.relative })}
          </span>
        </>
      ) : (
        <span className={countdown.soon ? 'badge text-bg-warning' : 'text-body-secondary'}>
          {t('cards.expiry.expiresIn', { when: countdown.relative })}
        </span>
      )}
    </span>
  );
}

/**
 * A licence's end: a product bought but not written to the card yet says so (and how long it will
 * run once it is); an activated one shows its end and countdown.
 */
export function LicenceExpiry({ licence }: { licence: CardLicence }) {
  const { t, i18n } = useTranslation();
  if (!licence.activatedAt && !licence.expiresAt) {
    return (
      <span className="d-inline-flex flex-wrap align-items-center gap-1">
        <span className="badge text-bg-secondary">{t('cards.expiry.notYetActivated')}</span>
        {licence.validDays ? (
          <span className="text-body-secondary">
            {t('cards.expiry.runsFromActivation', { duration: formatDays(licence.validDays, i18n.language) })}
          </span>
        ) : null}
      </span>
    );
  }
  return <Expiry expiresAt={licence.expiresAt} />;
}
