import type { Notification } from '@benchside/contracts/notifications';
import { useSyncExternalStore } from 'react';
import { createStore, type Store } from '../../../lib/create-store.ts';
import type { UnreadPoller } from './unread-poller.ts';

/**
 * Spec §3 client state `notification`: the unread count, kept apart from the header's list (the
 * latest 5), that list's `headerTotalCount` (`GET /notification/total`) and `isLoading`.
 */
export interface NotificationState {
  /** Null until the first answer. */
  unreadCount: number | null;
  headerNotifications: readonly Notification[];
  /** Null until the header list has loaded once. */
  headerTotalCount: number | null;
  isLoading: boolean;
  /** The last header load failed; the list shown is the one before it. */
  loadFailed: boolean;
}

export const INITIAL_NOTIFICATION_STATE: NotificationState = {
  unreadCount: null,
  headerNotifications: [],
  headerTotalCount: null,
  isLoading: false,
  loadFailed: false,
};

export const notificationStore = createStore<NotificationState>(INITIAL_NOTIFICATION_STATE);

export function setUnreadCount(count: number | null): void {
  notificationStore.set((state) => ({ ...state, unreadCount: count }));
}

let activePoller: UnreadPoller | null = null;

export function setActivePoller(poller: UnreadPoller | null): void {
  activePoller = poller;
}

/** A count learned from a change this tab made: shown at once and shared with the other tabs. */
export function publishUnreadCount(count: number): void {
  if (activePoller) activePoller.publish(count);
  else setUnreadCount(count);
}

export function useUnreadCount(): number | null {
  return useSyncExternalStore(notificationStore.subscribe, () => notificationStore.get().unreadCount);
}

export function useNotificationState(): NotificationState {
  return useSyncExternalStore(notificationStore.subscribe, notificationStore.get);
}

export interface HeaderNotificationsSource {
  /** Page 1, 5 items, newest first (spec §9). */
  latest(): Promise<readonly Notification[]>;
  /** `GET /notification/total`. */
  total(): Promise<number>;
}

export interface HeaderNotificationsLoader {
  /** The dropdown opened (loads the list) or closed. */
  setShown(shown: boolean): void;
  /** Something changed (a new count, a mark, a delete): reloads the list while it is on screen. */
  refresh(): void;
}

/** Loads the header's list into the store; only the newest of overlapping loads lands. */
export function createHeaderNotificationsLoader(
  store: Store<NotificationState>,
  source: HeaderNotificationsSource,
): HeaderNotificationsLoader {
  let shown = false;
  let latestLoad = 0;

  async function load(): Promise<void> {
    latestLoad += 1;
    const thisLoad = latestLoad;
    store.set((state) => ({ ...state, isLoading: true }));
    try {
      const [headerNotifications, headerTotalCount] = await Promise.all([source.latest(), source.total()]);
      if (thisLoad !== latestLoad) return;
      store.set((state) => ({
        ...state,
        headerNotifications,
        headerTotalCount,
        isLoading: false,
        loadFailed: false,
      }));
    } catch {
      if (thisLoad !== latestLoad) return;
      store.set((state) => ({ ...state, isLoading: false, loadFailed: true }));
    }
  }

  return {
    setShown(next) {
      shown = next;
      if (shown) void load();
    },
    refresh() {
      if (shown) void load();
    },
  };
}
