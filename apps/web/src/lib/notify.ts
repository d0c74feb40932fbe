import { lazy } from 'react';
import { createStore } from './create-store.ts';
import { importWithTimeout } from './lazy-import.ts';

export type NotifyKind = 'info' | 'success' | 'warning' | 'error' | 'default';

const loadToaster = () => importWithTimeout(() => import('./toaster.tsx'));

/** The toast container (and its library) is mounted with the first toast, not with every page. */
export const toasterRequestedStore = createStore(false);
export const LazyToaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * Spec §8 toasts: info, success, warning, error or default; react-toastify queues until mounted.
 * `details`, the technical words behind a failure, are folded away under the message.
 */
export function notify(message: string, kind: NotifyKind = 'default', details: string | null = null): void {
  toasterRequestedStore.set(true);
  loadToaster().then(
    ({ showToast }) => showToast(message, kind, details),
    (error: unknown) => console.error(error),
  );
}
