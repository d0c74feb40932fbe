import { createStore, useStore } from '../../../lib/create-store.ts';

/** Spec §3: the local helper's status starts as pending; the helper issue adds the probe and poll. */
export type HelperStatus = 'pending' | 'connected' | 'no-connection';

export const helperStatusStore = createStore<HelperStatus>('pending');
export const launchHelperModalStore = createStore<boolean>(false);

export function useHelperStatus(): HelperStatus {
  return useStore(helperStatusStore);
}

export function useLaunchHelperModalOpen(): boolean {
  return useStore(launchHelperModalStore);
}
