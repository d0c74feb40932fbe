import { useTranslation } from 'react-i18next';
import { HeaderMenu } from './header-menu.tsx';

/** The side menu, hidden by default (layout configuration `aside.display`). */
export function Aside({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="app-aside" aria-label={t('menu.sideNavigation')}>
      <HeaderMenu signedIn={signedIn} />
    </nav>
  );
}
