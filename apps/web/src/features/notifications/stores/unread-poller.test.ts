import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createUnreadPoller,
  delayUntilNextPoll,
  POLL_BLURRED_MS,
  POLL_FOCUSED_MS,
  parseSharedPoll,
  pollInterval,
  type UnreadPoller,
} from './unread-poller.ts';

const KEY = 'benchside_notifications_poll:user-1';

/** Local storage shared by the "tabs" of one test; a write reaches the other tabs as a storage event. */
function sharedStorage() {
  const values = new Map<string, string>();
  const tabs = new Set<{ poller: UnreadPoller }>();
  return {
    tabs,
    storageFor(tab: { poller: UnreadPoller }) {
      return {
        getItem: (key: string) => values.get(key) ?? null,
        setItem(key: string, value: string) {
          values.set(key, value);
          for (const other of tabs) if (other !== tab) other.poller.receive(value);
        },
      };
    },
  };
}

/** A lock manager like the browser's: `ifAvailable` gets null while another holder runs. */
function lockManager() {
  let held = false;
  return {
    async request(
      _name: string,
      _options: { ifAvailable: true },
      callback: (lock: unknown) => Promise<void>,
    ) {
      if (held) return callback(null);
      held = true;
      try {
        return await callback({});
      } finally {
        held = false;
      }
    },
  };
}

interface TabOptions {
  focused?: boolean;
  visible?: boolean;
  fetchUnreadCount?: () => Promise<number>;
  locks?: ReturnType<typeof lockManager>;
}

function openTab(storage: ReturnType<typeof sharedStorage>, options: TabOptions = {}) {
  const state = { focused: options.focused ?? true, visible: options.visible ?? true };
  const fetchUnreadCount = vi.fn(options.fetchUnreadCount ?? (async () => 3));
  const counts: number[] = [];
  const tab = { poller: null as unknown as UnreadPoller, state, fetchUnreadCount, counts };
  tab.poller = createUnreadPoller({
    fetchUnreadCount,
    onUnreadCount: (count) => counts.push(count),
    storage: storage.storageFor(tab),
    storageKey: KEY,
    isFocused: () => state.focused,
    isVisible: () => state.visible,
    now: () => Date.now(),
    locks: options.locks,
  });
  storage.tabs.add(tab);
  tab.poller.start();
  return tab;
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('notification poll schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 30 s with focus and 150 s without (spec §9)', () => {
    expect(POLL_FOCUSED_MS).toBe(30_000);
    expect(POLL_BLURRED_MS).toBe(150_000);
    expect(pollInterval(true)).toBe(30_000);
    expect(pollInterval(false)).toBe(150_000);
    expect(delayUntilNextPoll(100_000, null, true)).toBe(0);
    expect(delayUntilNextPoll(100_000, 90_000, true)).toBe(20_000);
    expect(delayUntilNextPoll(100_000, 90_000, false)).toBe(140_000);
    expect(delayUntilNextPoll(100_000, 10_000, true)).toBe(0);
  });

  it('ignores a shared value that is not a poll result', () => {
    expect(parseSharedPoll(null)).toBeNull();
    expect(parseSharedPoll('not json')).toBeNull();
    expect(parseSharedPoll('{"at":"x","unreadCount":1}')).toBeNull();
    expect(parseSharedPoll('{"at":5,"unreadCount":2}')).toEqual({ at: 5, unreadCount: 2 });
  });

  it('polls at once, then every 30 s while the window has focus', async () => {
    const tab = openTab(sharedStorage());
    await advance(0);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(1);
    expect(tab.counts).toEqual([3]);
    await advance(29_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(1);
    await advance(1_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(2);
    await advance(60_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(4);
    tab.poller.stop();
  });

  it('polls every 150 s without focus, and at once when focus returns to a stale count', async () => {
    const tab = openTab(sharedStorage(), { focused: false });
    await advance(0);
    await advance(149_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(1);
    await advance(1_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(2);
    await advance(40_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(2);
    tab.state.focused = true;
    tab.poller.reschedule();
    await advance(0);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(3);
    tab.poller.stop();
  });

  it('never polls while the tab is hidden, and catches up when it is shown again', async () => {
    const tab = openTab(sharedStorage());
    await advance(0);
    tab.state.visible = false;
    tab.poller.reschedule();
    await advance(10 * 60_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(1);
    tab.state.visible = true;
    tab.poller.reschedule();
    await advance(0);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(2);
    tab.poller.stop();
  });

  it('makes one request per interval for any number of tabs, and every tab shows the count', async () => {
    const storage = sharedStorage();
    const tabs = [openTab(storage)];
    await advance(5_000);
    tabs.push(openTab(storage), openTab(storage), openTab(storage, { focused: false }));
    await advance(0);
    // The later tabs take the fresh result instead of asking.
    expect(tabs.map((tab) => tab.counts.at(-1))).toEqual([3, 3, 3, 3]);
    await advance(5 * 60_000);
    const requests = tabs.reduce((sum, tab) => sum + tab.fetchUnreadCount.mock.calls.length, 0);
    expect(requests).toBe(11); // at 0 s, then every 30 s up to 300 s
    for (const tab of tabs) tab.poller.stop();
  });

  it('makes one request when two tabs wake at the same moment (Web Lock)', async () => {
    const storage = sharedStorage();
    const locks = lockManager();
    let answer: (count: number) => void = () => {};
    const slow = () => new Promise<number>((resolve) => (answer = resolve));
    const first = openTab(storage, { locks, fetchUnreadCount: slow });
    const second = openTab(storage, { locks, fetchUnreadCount: slow });
    await advance(0);
    expect(first.fetchUnreadCount.mock.calls.length + second.fetchUnreadCount.mock.calls.length).toBe(1);
    answer(7);
    await advance(0);
    expect(first.counts.at(-1)).toBe(7);
    expect(second.counts.at(-1)).toBe(7);
    await advance(1_000);
    expect(first.fetchUnreadCount.mock.calls.length + second.fetchUnreadCount.mock.calls.length).toBe(1);
    first.poller.stop();
    second.poller.stop();
  });

  it('shares a count learned from a change and starts the interval again', async () => {
    const storage = sharedStorage();
    const first = openTab(storage);
    const second = openTab(storage);
    await advance(20_000);
    first.poller.publish(0);
    expect(second.counts.at(-1)).toBe(0);
    await advance(29_000);
    expect(first.fetchUnreadCount.mock.calls.length + second.fetchUnreadCount.mock.calls.length).toBe(1);
    await advance(1_000);
    expect(first.fetchUnreadCount.mock.calls.length + second.fetchUnreadCount.mock.calls.length).toBe(2);
    first.poller.stop();
    second.poller.stop();
  });

  it('waits a full interval after a failed poll instead of retrying at once', async () => {
    const tab = openTab(sharedStorage(), { fetchUnreadCount: () => Promise.reject(new Error('offline')) });
    await advance(0);
    await advance(29_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(1);
    await advance(1_000);
    expect(tab.fetchUnreadCount).toHaveBeenCalledTimes(2);
    expect(tab.counts).toEqual([]);
    tab.poller.stop();
  });
});
