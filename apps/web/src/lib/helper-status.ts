import { createStore, useStore } from './create-store.ts';
import type { HelperAccess } from './helper-access.ts';

/** Spec §4: the local helper's status starts as pending; `useHelperStatusMonitor` keeps it current. */
export type HelperStatus = 'pending' | 'connected' | 'no-connection';

export const helperStatusStore = createStore<HelperStatus>('pending');
/** What the browser lets this page do with the helper; kept by `useHelperStatusMonitor` too. */
export const helperAccessStore = createStore<HelperAccess>('open');
export const launchHelperModalStore = createStore<boolean>(false);

export function useHelperStatus(): HelperStatus {
  return useStore(helperStatusStore);
}

export function useHelperAccess(): HelperAccess {
  return useStore(helperAccessStore);
}

export function useLaunchHelperModalOpen(): boolean {
  return useStore(launchHelperModalStore);
}
