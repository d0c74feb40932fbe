import { createStore, useStore } from '../../../lib/create-store.ts';

/** Spec §4 and §9: a dot whose marking failed blinks red for 3000 ms, then looks as before. */
export const MARK_FAILURE_BLINK_MS = 3_000;

const failedIdsStore = createStore<ReadonlySet<number>>(new Set());

export function flagMarkFailure(ids: number[]): void {
  failedIdsStore.set((current) => new Set([...current, ...ids]));
  setTimeout(() => {
    failedIdsStore.set((current) => new Set([...current].filter((id) => !ids.includes(id))));
  }, MARK_FAILURE_BLINK_MS);
}

export function useMarkFailed(id: number): boolean {
  return useStore(failedIdsStore).has(id);
}
