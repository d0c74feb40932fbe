import { useTranslation } from 'react-i18next';
import { FallbackPage } from '../../../components/fallback-page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** The e-mail link pages stand alone, shaped like the error pages; this is their waiting state. */
export function StandaloneLoading() {
  const { t } = useTranslation();
  return (
    <FallbackPage
      title={t('account.changeEmail.working')}
      action={<Spinner label={t('account.changeEmail.working')} className="text-primary" />}
    />
  );
}
