import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../../lib/client-config.ts';

/** The vendor's shop for credits and licences, in a new tab. */
export function WhereToBuyLink({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <a className={className} href={clientConfig.whereToBuyUrl} target="_blank" rel="noreferrer">
      {t('cards.credits.whereToBuy')}
    </a>
  );
}
