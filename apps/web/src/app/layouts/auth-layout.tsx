import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { LanguageSelect } from './language-select.tsx';

/** Spec §2: the auth area's centred card layout. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <a href="#auth-main" className="visually-hidden-focusable">
        {t('app.skipToContent')}
      </a>
      <header className="auth-header">
        <Link to="/" className="text-reset text-decoration-none">
          <Logo size={40} />
        </Link>
      </header>
      <main id="auth-main" className="auth-main" tabIndex={-1}>
        <div className="card auth-card">
          <div className="card-body">
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </main>
      <footer className="auth-footer">
        <Link to="/policy">{t('auth.footer.policy')}</Link>
        <LanguageSelect />
      </footer>
    </div>
  );
}
