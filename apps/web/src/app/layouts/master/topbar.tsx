import type { CurrentUser } from '@benchside/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HelperStatusButton } from '../../../features/helper/components/helper-status-button.tsx';
import { NotificationsButton } from '../../../features/notifications/components/notifications-button.tsx';
import { HeaderSearch, useSearchShortcut } from '../../../features/search/components/header-search.tsx';
import { useAfterFirstRender } from '../../../lib/use-after-first-render.ts';
import { ThemeModeSwitcher } from './theme-mode-switcher.tsx';
import { UserMenu } from './user-menu.tsx';

export function Topbar({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  // A signed-in page opens for its own content: its search, menus and bell come a task later,
  // out of the first render, which a slow phone runs as one long task (decision 153).
  const controlsDrawn = useAfterFirstRender();
  const [searchAsked, setSearchAsked] = useState(0);
  useSearchShortcut(user ? () => setSearchAsked((presses) => presses + 1) : null);
  if (!user) {
    return (
      <div className="topbar">
        <ThemeModeSwitcher />
        <Link to="/auth" className="btn btn-primary btn-sm ms-2">
          {t('topbar.signIn')}
        </Link>
      </div>
    );
  }
  return (
    <div className="topbar">
      {controlsDrawn ? (
        <>
          <HeaderSearch asked={searchAsked} />
          <HelperStatusButton />
          <NotificationsButton />
          <ThemeModeSwitcher />
          <UserMenu user={user} />
        </>
      ) : null}
    </div>
  );
}
