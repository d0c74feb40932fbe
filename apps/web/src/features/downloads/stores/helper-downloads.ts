import type { DownloadItem } from '@benchside/contracts/helper';
import { createStore, useStore } from '../../../lib/create-store.ts';

/** Where the last fetch of the helper's download list stands. */
export type HelperDownloadsStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** Spec §3 client state "helper downloads": isRun, status (idle by default) and results. */
export interface HelperDownloadsState {
  /** Something is being downloaded or checked: the list is polled while this holds. */
  isRun: boolean;
  status: HelperDownloadsStatus;
  results: DownloadItem[];
}

export const INITIAL_HELPER_DOWNLOADS: HelperDownloadsState = { isRun: false, status: 'idle', results: [] };

export const helperDownloadsStore = createStore<HelperDownloadsState>(INITIAL_HELPER_DOWNLOADS);

export function useHelperDownloads(): HelperDownloadsState {
  return useStore(helperDownloadsStore);
}

/** Spec §4: whenever the run flag changes, the status goes back to idle. */
export function setDownloadsRunning(isRun: boolean): void {
  helperDownloadsStore.set((current) =>
    current.isRun === isRun ? current : { ...current, isRun, status: 'idle' },
  );
}

export function setDownloadsStatus(status: HelperDownloadsStatus): void {
  helperDownloadsStore.set((current) => ({ ...current, status }));
}

/** A fresh list from the helper: stored, then the run flag follows what it shows. */
export function receiveDownloads(results: DownloadItem[]): void {
  helperDownloadsStore.set((current) => ({ ...current, results, status: 'succeeded' }));
  setDownloadsRunning(results.some(isRunning));
}

/** Started: transferring, checking, or queued to start when a running one finishes. */
export function isRunning(download: DownloadItem): boolean {
  return download.state === 'downloading' || download.state === 'checking' || download.state === 'queued';
}
