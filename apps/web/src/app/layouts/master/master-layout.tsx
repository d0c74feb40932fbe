import { Spinner } from '../../../components/ui/spinner.tsx';
import './master.scss';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LayoutProvider, useLayout } from '../../../components/layout/layout-provider.tsx';
import { PageDataProvider } from '../../../components/layout/page-data.tsx';
import { DownloadsWatcher } from '../../../features/downloads/components/downloads-watcher.tsx';
import { LaunchHelperModal } from '../../../features/helper/components/launch-helper-modal.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useMasterLayoutStrings } from '../../../lib/i18n.ts';
import { Aside } from './aside.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ScrollTop } from './scroll-top.tsx';
import { Toolbar } from './toolbar.tsx';

function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner className="text-primary" />
    </div>
  );
}

function MasterLayoutFrame() {
  const { t } = useTranslation();
  const { config } = useLayout();
  const { data: user = null } = useCurrentUser();
  const { pathname } = useLocation();
  // A new page starts at the top, as a full page load would. (Newer browsers return a promise
  // from scrollTo, so it must not be the effect's return value.)
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  const containerClass = config.content.width === 'fluid' ? 'container-fluid' : 'container-xxl';
  const headerContainerClass = config.header.width === 'fluid' ? 'container-fluid' : 'container-xxl';
  return (
    <>
      <a href="#main-content" className="skip-link visually-hidden-focusable">
        {t('app.skipToContent')}
      </a>
      <div className="app-page">
        {config.header.display ? <Header user={user} containerClass={headerContainerClass} /> : null}
        <div className="app-wrapper">
          {config.aside.display ? <Aside signedIn={user !== null} /> : null}
          <main id="main-content" className="app-main" tabIndex={-1}>
            <Toolbar containerClass={containerClass} />
            <div className={`${containerClass} app-content`}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </div>
          </main>
        </div>
        {config.footer.display ? <Footer containerClass={containerClass} /> : null}
      </div>
      {config.scrolltop.display ? <ScrollTop /> : null}
      {user ? (
        <>
          <LaunchHelperModal />
          <DownloadsWatcher />
        </>
      ) : null}
    </>
  );
}

/** Spec §2 main layout: fixed header, toolbar with title and breadcrumbs, footer, scroll-to-top. */
export function MasterLayout() {
  useMasterLayoutStrings();
  return (
    <LayoutProvider>
      <PageDataProvider>
        <MasterLayoutFrame />
      </PageDataProvider>
    </LayoutProvider>
  );
}
