import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';

/** Spec §2: the policy is reachable by everyone in a layout of its own. */
export function PolicyLayout() {
  const { t } = useTranslation();
  return (
    <div className="policy-page">
      <header className="policy-header">
        <div className="container-md d-flex align-items-center justify-content-between">
          <Link to="/" className="text-reset text-decoration-none">
            <Logo />
          </Link>
          <Link to="/" className="fw-semibold">
            {t('policy.back')}
          </Link>
        </div>
      </header>
      <main className="container-md py-4 py-lg-5">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="container-md pb-4 text-body-secondary small">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
