import { useEffect, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconBell } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { headerNotifications } from '../api/notifications.ts';
import { formatNotificationTime } from '../format.ts';
import { useUnreadCountPolling } from '../hooks/use-unread-count-polling.ts';
import { useNotificationState } from '../stores/notification-state.ts';
import '../notifications-menu.scss';
import { UnreadDot } from './unread-dot.tsx';

/** A count that fits the badge. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The topbar bell (spec §2, §9): the unread count, polled, and a dropdown of the latest five
 * (scrolling at 325 px) with the total from `GET /notification/total`, both kept in the spec's client
 * state; each opens /notifications with its id in the navigation state, which marks it read.
 */
export function NotificationsButton() {
  const { t, i18n } = useTranslation();
  useUnreadCountPolling(useCurrentUser().data?.id ?? null);
  const {
    unreadCount,
    headerNotifications: latest,
    headerTotalCount,
    isLoading,
    loadFailed,
  } = useNotificationState();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    headerNotifications.setShown(open);
    return () => headerNotifications.setShown(false);
  }, [open]);
  const label = unreadCount
    ? t('notifications.bellUnread', { count: unreadCount })
    : t('topbar.notifications');

  return (
    <Dropdown align="end" show={open} onToggle={setOpen}>
      <Dropdown.Toggle bsPrefix="btn btn-icon topbar-button" variant="" aria-label={label} title={label}>
        <IconBell />
        {unreadCount ? (
          <span className="notification-badge" aria-hidden="true">
            {badgeText(unreadCount)}
          </span>
        ) : null}
      </Dropdown.Toggle>
      <Dropdown.Menu className="menu-dropdown notifications-menu">
        <div className="notifications-menu-header">
          <span className="fw-bold">{t('menu.notifications')}</span>
          {headerTotalCount === null ? null : (
            <span className="small text-body-secondary">
              {t('notifications.summary', { unread: unreadCount ?? 0, total: headerTotalCount })}
            </span>
          )}
        </div>
        <div className="notifications-menu-scroll">
          {isLoading && headerTotalCount === null ? (
            <div className="p-3 text-center">
              <Spinner label={t('notifications.loading')} small className="text-primary" />
            </div>
          ) : null}
          {loadFailed ? (
            <p className="px-3 py-2 mb-0 text-danger" role="alert">
              {t('notifications.loadFailed')}
            </p>
          ) : null}
          {headerTotalCount !== null && latest.length === 0 ? (
            <p className="px-3 py-2 mb-0 text-body-secondary">{t('notifications.empty')}</p>
          ) : null}
          {latest.map((notification) => (
            <Dropdown.Item
              key={notification.id}
              as={Link}
              to="/notifications"
              state={{ notificationId: notification.id }}
              className="notifications-menu-item"
            >
              <span className="notifications-menu-dot">
                <UnreadDot id={notification.id} readed={notification.readed} />
              </span>
              <span className="min-w-0">
                <span className="notifications-menu-message">{notification.message}</span>
                <time className="small text-body-secondary" dateTime={notification.createdAt}>
                  {formatNotificationTime(notification.createdAt, i18n.language)}
                </time>
              </span>
            </Dropdown.Item>
          ))}
        </div>
        <Dropdown.Divider className="my-0" />
        <Dropdown.Item as={Link} to="/notifications" className="justify-content-center py-2">
          {t('notifications.viewAll')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
