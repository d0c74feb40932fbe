import { createStore, useStore } from './create-store.ts';

/** Spec §4: the local helper's status starts as pending; `useHelperStatusMonitor` keeps it current. */
export type HelperStatus = 'pending' | 'connected' | 'no-connection';

export const helperStatusStore = createStore<HelperStatus>('pending');
export const launchHelperModalStore = createStore<boolean>(false);

export function useHelperStatus(): HelperStatus {
  return useStore(helperStatusStore);
}

export function useLaunchHelperModalOpen(): boolean {
  return useStore(launchHelperModalStore);
}
