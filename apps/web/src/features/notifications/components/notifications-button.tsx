import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { IconBell } from '../../../components/ui/icons.tsx';

/** The topbar bell; the unread count and the latest-five dropdown belong to the notifications issue. */
export function NotificationsButton() {
  const { t } = useTranslation();
  return (
    <NavLink
      to="/notifications"
      className="btn btn-icon topbar-button"
      aria-label={t('topbar.notifications')}
    >
      <IconBell />
    </NavLink>
  );
}
