import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { signOut } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** Spec §4 sign-out screen: call logout, clear the user, then reload the app from the sign-in page. */
export function LogoutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('logout.title'));
  useEffect(() => {
    void signOut().finally(() => window.location.replace('/auth/login'));
  }, []);
  return (
    <div className="fallback-page">
      <main className="fallback-card text-center">
        <Spinner className="text-primary mb-4" />
        <h1 className="h3 mb-2">{t('logout.title')}</h1>
        <p className="text-body-secondary mb-0">{t('logout.text')}</p>
      </main>
    </div>
  );
}
