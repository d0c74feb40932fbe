import '../account.scss';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { ACCOUNT_PAGES } from '../account-pages.ts';

/** The account area: one tab per page, each page its own chunk below. */
export function AccountLayout() {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t('account.tabs.label')}>
        <ul className="nav account-tabs">
          {ACCOUNT_PAGES.map((tab) => (
            <li className="nav-item" key={tab.path}>
              <NavLink to={tab.path} className="nav-link">
                {t(tab.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}
