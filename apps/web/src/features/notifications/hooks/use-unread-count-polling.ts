import { useEffect } from 'react';
import { getUnreadCount, refreshNotificationLists } from '../api/notifications.ts';
import {
  INITIAL_NOTIFICATION_STATE,
  notificationStore,
  setActivePoller,
  setUnreadCount,
} from '../stores/notification-state.ts';
import { createUnreadPoller, SHARED_POLL_KEY_PREFIX } from '../stores/unread-poller.ts';

/**
 * Keeps the unread count current while mounted, which is only in the signed-in topbar (spec §9:
 * 30 s with focus, 150 s without, never while the tab is hidden; one poll for all tabs).
 */
export function useUnreadCountPolling(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    const storageKey = `${SHARED_POLL_KEY_PREFIX}${userId}`;
    const poller = createUnreadPoller({
      fetchUnreadCount: getUnreadCount,
      onUnreadCount(count) {
        const before = notificationStore.get().unreadCount;
        setUnreadCount(count);
        // A new or newly read notification: the lists that are on screen follow.
        if (before !== null && before !== count) void refreshNotificationLists();
      },
      storage: window.localStorage,
      storageKey,
      isFocused: () => document.hasFocus(),
      isVisible: () => document.visibilityState === 'visible',
      now: () => Date.now(),
      locks: typeof navigator.locks === 'undefined' ? undefined : navigator.locks,
    });
    const reschedule = () => poller.reschedule();
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey) poller.receive(event.newValue);
    };
    setActivePoller(poller);
    window.addEventListener('focus', reschedule);
    window.addEventListener('blur', reschedule);
    document.addEventListener('visibilitychange', reschedule);
    window.addEventListener('storage', onStorage);
    poller.start();
    return () => {
      window.removeEventListener('focus', reschedule);
      window.removeEventListener('blur', reschedule);
      document.removeEventListener('visibilitychange', reschedule);
      window.removeEventListener('storage', onStorage);
      poller.stop();
      setActivePoller(null);
      // Signed out: the next user starts from nothing.
      notificationStore.set(INITIAL_NOTIFICATION_STATE);
    };
  }, [userId]);
}
