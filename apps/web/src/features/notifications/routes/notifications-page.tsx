import { notificationNavigationStateSchema } from '@benchside/contracts/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconBell } from '../../../components/ui/icons.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notify.ts';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useDeleteNotifications,
  useMarkAllRead,
  useMarkOneRead,
  useMarkRead,
  useNotifications,
} from '../api/notifications.ts';
import { UnreadDot } from '../components/unread-dot.tsx';
import { formatNotificationTime } from '../format.ts';
import { useUnreadCount } from '../stores/notification-state.ts';
import '../notifications-page.scss';

const FAILED = 'Something went wrong, please try again later.';

/** Spec §2: /notifications may be opened with `{notificationId}` as navigation state. */
function requestedNotificationId(state: unknown): number | null {
  const parsed = notificationNavigationStateSchema.safeParse(state);
  return parsed.success ? parsed.data.notificationId : null;
}

/** Every notification, a page at a time: select, mark read, mark all read, delete (spec §7). */
export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const notifications = useNotifications(page);
  const unreadCount = useUnreadCount();
  const markOne = useMarkOneRead();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useDeleteNotifications();
  const busy = markRead.isPending || markAll.isPending || remove.isPending;

  const totalItems = notifications.data?.totalItems ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalItems / NOTIFICATIONS_PAGE_SIZE));
  const members = notifications.data?.member ?? [];
  const selectedOnPage = members.filter((notification) => selected.has(notification.id));
  const allSelected = members.length > 0 && selectedOnPage.length === members.length;

  // The id in the navigation state is marked read once; the state is dropped so a reload does not repeat it.
  const requestedId = requestedNotificationId(location.state);
  const handledId = useRef<number | null>(null);
  useEffect(() => {
    if (requestedId === null || handledId.current === requestedId) return;
    handledId.current = requestedId;
    navigate(location.pathname, { replace: true, state: null });
    markOne.mutate(requestedId);
  }, [requestedId, location.pathname, navigate, markOne]);

  // A page that no longer exists after a delete: go back to the last one.
  useEffect(() => {
    if (notifications.data && page > pageCount) setPage(pageCount);
  }, [notifications.data, page, pageCount]);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(allSelected ? new Set() : new Set(members.map((notification) => notification.id)));
  const goTo = (next: number) => {
    setSelected(new Set());
    setPage(next);
  };

  const notifyFailure = (error: unknown) => notify(apiErrorMessage(t, error, FAILED), 'error');
  const markSelectedRead = () =>
    markRead.mutate(
      selectedOnPage.map((notification) => notification.id),
      { onSuccess: () => setSelected(new Set()), onError: notifyFailure },
    );
  const markEverythingRead = () =>
    markAll.mutate(
      members.filter((notification) => !notification.readed).map((notification) => notification.id),
      { onError: notifyFailure },
    );
  const deleteSelected = () =>
    remove.mutate(
      selectedOnPage.map((notification) => notification.id),
      {
        onSuccess: ({ count }) => {
          setSelected(new Set());
          notify(t('notifications.deleted', { count }), 'success');
        },
        onError: notifyFailure,
      },
    );

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.notifications')}</PageTitle>
      <QueryState
        query={notifications}
        loadingLabel={t('notifications.loading')}
        errorFallback={FAILED}
        isEmpty={(data) => data.totalItems === 0}
        empty={
          <EmptyState
            icon={<IconBell size={32} />}
            title={t('pages.notifications.emptyTitle')}
            text={t('pages.notifications.emptyText')}
          />
        }
      >
        {() => (
          <section className="card" aria-labelledby="notifications-list-title">
            <div className="card-body">
              <h2 id="notifications-list-title" className="visually-hidden">
                {t('menu.notifications')}
              </h2>
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <div className="form-check me-2 mb-0">
                  <input
                    id="notifications-select-all"
                    type="checkbox"
                    className="form-check-input"
                    checked={allSelected}
                    onChange={toggleAll}
                  />
                  <label className="form-check-label" htmlFor="notifications-select-all">
                    {t('notifications.selectAll')}
                  </label>
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={selectedOnPage.length === 0 || busy}
                  onClick={markSelectedRead}
                >
                  {t('notifications.markSelectedRead')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  disabled={selectedOnPage.length === 0 || busy}
                  onClick={deleteSelected}
                >
                  {t('notifications.deleteSelected')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-primary ms-auto"
                  disabled={unreadCount === 0 || busy}
                  onClick={markEverythingRead}
                >
                  {t('notifications.markAllRead')}
                </button>
              </div>
              <p className="small text-body-secondary mb-0" aria-live="polite">
                {selectedOnPage.length > 0
                  ? t('notifications.selected', { count: selectedOnPage.length })
                  : null}
              </p>
              <ul className="notifications-list mb-3" aria-busy={notifications.isFetching || undefined}>
                {members.map((notification) => (
                  <li
                    key={notification.id}
                    className={notification.readed ? undefined : 'notifications-list-unread'}
                    aria-label={notification.message}
                  >
                    <input
                      type="checkbox"
                      className="form-check-input"
                      checked={selected.has(notification.id)}
                      onChange={() => toggle(notification.id)}
                      aria-label={t('notifications.select', { message: notification.message })}
                    />
                    <span className="notifications-list-dot">
                      <UnreadDot
                        id={notification.id}
                        readed={notification.readed}
                        onMarkRead={() => markOne.mutate(notification.id)}
                      />
                    </span>
                    <div className="min-w-0 flex-grow-1">
                      <p className="notifications-list-message mb-1">
                        {notification.link ? (
                          <Link to={notification.link}>{notification.message}</Link>
                        ) : (
                          notification.message
                        )}
                      </p>
                      <time className="small text-body-secondary" dateTime={notification.createdAt}>
                        {formatNotificationTime(notification.createdAt, i18n.language)}
                      </time>
                    </div>
                  </li>
                ))}
              </ul>
              <Pager
                page={page}
                pageSize={NOTIFICATIONS_PAGE_SIZE}
                totalItems={totalItems}
                label={t('notifications.pages')}
                summaryKey="notifications.pageOf"
                showOnSinglePage
                onPage={goTo}
              />
            </div>
          </section>
        )}
      </QueryState>
    </>
  );
}
