import type { CurrentUser } from '@benchside/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLayout } from '../../../components/layout/layout-provider.tsx';
import { IconMenu } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { useResizeSettled } from '../../../lib/use-resize-settled.ts';
import { HeaderMenu } from './header-menu.tsx';
import { MegaMenu } from './mega-menu.tsx';
import { Topbar } from './topbar.tsx';

/** Bootstrap's lg breakpoint, where the phone menu becomes the header's row of links. */
const MENU_ROW_MIN_WIDTH = 992;

export function Header({ user, containerClass }: { user: CurrentUser | null; containerClass: string }) {
  const { t } = useTranslation();
  const { config } = useLayout();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  // A phone menu left open while the window grows would come back open on the next narrowing.
  useResizeSettled((width) => {
    if (width >= MENU_ROW_MIN_WIDTH) closeMenu();
  });
  return (
    <header className="app-header">
      <div className={`${containerClass} header-container`}>
        <button
          type="button"
          className="btn btn-icon topbar-button d-lg-none me-1"
          aria-label={menuOpen ? t('menu.closeMenu') : t('menu.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="header-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <IconMenu />
        </button>
        <Link to="/" className="header-logo text-reset text-decoration-none">
          <Logo />
        </Link>
        <nav
          id="header-menu"
          className={`header-menu${menuOpen ? ' show' : ''}`}
          aria-label={t('menu.mainNavigation')}
        >
          <HeaderMenu
            signedIn={user !== null}
            onNavigate={closeMenu}
            megaMenu={user && config.megaMenu.display ? <MegaMenu onNavigate={closeMenu} /> : null}
          />
        </nav>
        <Topbar user={user} />
      </div>
    </header>
  );
}
