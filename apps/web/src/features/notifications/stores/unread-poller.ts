/**
 * Spec §9: the unread count is polled every 30 s while the window has focus, 150 s otherwise, and
 * only while the tab is visible (the poller exists only while someone is signed in).
 *
 * Several tabs share one schedule instead of each polling: the time and result of the last poll
 * live in local storage, a tab whose timer fires while that result is still fresh takes it instead
 * of calling the API, and the poll itself runs under a Web Lock (where the browser has them) so
 * two tabs waking together still make one request. Every tab hears a new result through the
 * `storage` event.
 */

export const POLL_FOCUSED_MS = 30_000;
export const POLL_BLURRED_MS = 150_000;
/** Followed by the user's id, so a second account in the same browser never sees the first's count. */
export const SHARED_POLL_KEY_PREFIX = 'benchside_notifications_poll:';
const LOCK_NAME = 'benchside-notifications-poll';

export interface SharedPoll {
  /** When a tab last asked the API (epoch ms). */
  at: number;
  unreadCount: number;
}

export function pollInterval(focused: boolean): number {
  return focused ? POLL_FOCUSED_MS : POLL_BLURRED_MS;
}

/** How long this tab waits before the next poll; 0 when the last one (by any tab) is due again. */
export function delayUntilNextPoll(now: number, lastPollAt: number | null, focused: boolean): number {
  if (lastPollAt === null || lastPollAt > now) return 0;
  return Math.max(0, lastPollAt + pollInterval(focused) - now);
}

export function parseSharedPoll(value: string | null): SharedPoll | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { at, unreadCount } = parsed as Record<string, unknown>;
    if (typeof at !== 'number' || typeof unreadCount !== 'number' || !Number.isInteger(unreadCount))
      return null;
    return { at, unreadCount };
  } catch {
    return null;
  }
}

type LockManagerLike = {
  request(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
};

export interface UnreadPollerEnvironment {
  fetchUnreadCount(): Promise<number>;
  onUnreadCount(count: number): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The local-storage key the tabs of this user share. */
  storageKey: string;
  isFocused(): boolean;
  isVisible(): boolean;
  now(): number;
  /** Cross-tab mutual exclusion; without it the shared timestamp alone keeps polls apart. */
  locks?: LockManagerLike | undefined;
}

export interface UnreadPoller {
  /** Shows a fresh result another tab already has, then plans the first poll. */
  start(): void;
  /** Re-plans the next poll: call on focus, blur and visibility changes. */
  reschedule(): void;
  /** A result another tab wrote (the `storage` event's new value). */
  receive(value: string | null): void;
  /** A count this tab learned from a change it made; shared so other tabs follow. */
  publish(count: number): void;
  stop(): void;
}

export function createUnreadPoller(env: UnreadPollerEnvironment): UnreadPoller {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // A failed poll is not shared, but this tab still waits a full interval before the next try.
  let lastAttemptAt: number | null = null;

  const shared = () => parseSharedPoll(env.storage.getItem(env.storageKey));
  const lastPollAt = () => {
    const at = shared()?.at ?? null;
    if (at === null) return lastAttemptAt;
    return lastAttemptAt === null ? at : Math.max(at, lastAttemptAt);
  };

  function reschedule(): void {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || !env.isVisible()) return;
    timer = setTimeout(tick, delayUntilNextPoll(env.now(), lastPollAt(), env.isFocused()));
  }

  async function pollUnlessFresh(): Promise<void> {
    const last = shared();
    if (last && env.now() - last.at < pollInterval(env.isFocused())) {
      env.onUnreadCount(last.unreadCount);
      return;
    }
    lastAttemptAt = env.now();
    try {
      const unreadCount = await env.fetchUnreadCount();
      if (stopped) return;
      env.storage.setItem(env.storageKey, JSON.stringify({ at: env.now(), unreadCount }));
      env.onUnreadCount(unreadCount);
    } catch {
      // The next poll tries again; a 401 has already signed the user out through the http client.
    }
  }

  async function tick(): Promise<void> {
    timer = undefined;
    if (stopped || !env.isVisible()) return;
    if (env.locks) {
      // Another tab holding the lock is polling right now; its result arrives by the storage event.
      await env.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (lock) await pollUnlessFresh();
        else lastAttemptAt = env.now();
      });
    } else {
      await pollUnlessFresh();
    }
    reschedule();
  }

  return {
    start() {
      const last = shared();
      if (last && env.now() - last.at < pollInterval(env.isFocused())) env.onUnreadCount(last.unreadCount);
      reschedule();
    },
    reschedule,
    receive(value) {
      const result = parseSharedPoll(value);
      if (!result || stopped) return;
      env.onUnreadCount(result.unreadCount);
      reschedule();
    },
    publish(count) {
      env.storage.setItem(env.storageKey, JSON.stringify({ at: env.now(), unreadCount: count }));
      env.onUnreadCount(count);
      reschedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
