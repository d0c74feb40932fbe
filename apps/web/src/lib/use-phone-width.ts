import { useSyncExternalStore } from 'react';

/** Below Bootstrap's `sm` breakpoint: a phone held upright, where no helper can run. */
const PHONE_QUERY = '(max-width: 575.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isPhoneWidth = () => window.matchMedia?.(PHONE_QUERY).matches ?? false;

/** Whether the page is as narrow as a phone; follows rotation and resizing. */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, isPhoneWidth, () => false);
}
