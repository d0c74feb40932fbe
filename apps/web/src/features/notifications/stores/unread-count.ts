import { createStore, useStore } from '../../../lib/create-store.ts';
import type { UnreadPoller } from './unread-poller.ts';

/** Spec §3 client state `unreadCount`: null until the first answer. */
export const unreadCountStore = createStore<number | null>(null);

let activePoller: UnreadPoller | null = null;

export function setActivePoller(poller: UnreadPoller | null): void {
  activePoller = poller;
}

/** A count learned from a change this tab made: shown at once and shared with the other tabs. */
export function publishUnreadCount(count: number): void {
  if (activePoller) activePoller.publish(count);
  else unreadCountStore.set(count);
}

export function useUnreadCount(): number | null {
  return useStore(unreadCountStore);
}
