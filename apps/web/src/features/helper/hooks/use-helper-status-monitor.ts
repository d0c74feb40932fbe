import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientConfig } from '../../../lib/client-config.ts';
import { pingHelper } from '../../../lib/helper-client.ts';
import { type HelperStatus, helperStatusStore, useHelperStatus } from '../../../lib/helper-status.ts';

/** Spec §9: the helper status poll and the wait before the launch link is opened. */
export const HELPER_STATUS_POLL_MS = 10_000;
export const HELPER_LAUNCH_DELAY_MS = 2_000;

const STATUS_OF_QUERY = {
  pending: 'pending',
  success: 'connected',
  error: 'no-connection',
} as const satisfies Record<string, HelperStatus>;

const assignLocation = (url: string) => window.location.assign(url);

export interface HelperStatusMonitorOptions {
  ping?: () => Promise<unknown>;
  /** Opens the helper's launch link; a stable function, or the launch would be rescheduled. */
  launch?: (url: string) => void;
}

/**
 * Spec §4: while mounted (only while signed in) the helper is pinged every 10 s and the status
 * store follows; once "no connection" is shown, the launch link is opened a single time after 2 s,
 * and again only after the helper was seen connected in between.
 */
export function useHelperStatusMonitor({
  ping = pingHelper,
  launch = assignLocation,
}: HelperStatusMonitorOptions = {}): void {
  const { status: queryStatus } = useQuery({
    queryKey: ['helper', 'status'],
    queryFn: async () => {
      await ping();
      return true;
    },
    refetchInterval: HELPER_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    helperStatusStore.set(STATUS_OF_QUERY[queryStatus]);
  }, [queryStatus]);

  // Signed out, nothing is checked, so nothing is known.
  useEffect(() => () => helperStatusStore.set('pending'), []);

  const status = useHelperStatus();
  useEffect(() => {
    if (status !== 'no-connection') return;
    const timer = setTimeout(() => launch(clientConfig.helperLaunchUrl), HELPER_LAUNCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, launch]);
}
