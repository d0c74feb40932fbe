import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ACCOUNT_PAGES } from '../../../features/account/account-pages.ts';
import { HeaderMenu } from './header-menu.tsx';

type SectionName = 'portal' | 'account';

/** One accordion section: its heading button opens it and closes the others (spec §9: 250 ms). */
function AsideSection({
  title,
  open,
  onToggle,
  children,
}: {
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const bodyId = useId();
  return (
    <div className={`aside-section${open ? ' open' : ''}`}>
      <h2 className="aside-section-heading">
        <button
          type="button"
          className="aside-section-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          {title}
        </button>
      </h2>
      <div id={bodyId} className="aside-section-body">
        <div>{children}</div>
      </div>
    </div>
  );
}

/** The side menu, hidden by default (layout configuration `aside.display`), as an accordion. */
export function Aside({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<SectionName | null>(
    pathname.startsWith('/account/') ? 'account' : 'portal',
  );
  const toggle = (name: SectionName) => setOpen((current) => (current === name ? null : name));
  return (
    <nav className="app-aside" aria-label={t('menu.sideNavigation')}>
      <AsideSection title={t('menu.portal')} open={open === 'portal'} onToggle={() => toggle('portal')}>
        <HeaderMenu signedIn={signedIn} />
      </AsideSection>
      {signedIn ? (
        <AsideSection title={t('menu.account')} open={open === 'account'} onToggle={() => toggle('account')}>
          <ul className="menu-nav">
            {ACCOUNT_PAGES.map((page) => (
              <li key={page.path} className="menu-item">
                <NavLink to={page.path} className="menu-link">
                  {t(page.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </AsideSection>
      ) : null}
    </nav>
  );
}
