import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { clientConfig } from '../../../lib/client-config.ts';
import {
  HELPER_HELD_BACK_MS,
  helperAccess,
  isPhoneOrTablet,
  type LoopbackPermission,
  type LoopbackPermissionWatch,
  noConnectionAction,
  watchLoopbackPermission,
} from '../../../lib/helper-access.ts';
import { HelperError, pingHelper } from '../../../lib/helper-client.ts';
import {
  type HelperStatus,
  helperAccessStore,
  helperStatusStore,
  launchHelperModalStore,
  useHelperStatus,
} from '../../../lib/helper-status.ts';

/** Spec §9: the helper status poll and the wait before the launch link is opened. */
export const HELPER_STATUS_POLL_MS = 10_000;
export const HELPER_LAUNCH_DELAY_MS = 2_000;

/** Set once the launch link was opened (or the reason it cannot help was shown) in this browser session. */
export const HELPER_LAUNCH_SESSION_KEY = 'benchside_helper_launch_handled';

const STATUS_OF_QUERY = {
  pending: 'pending',
  success: 'connected',
  error: 'no-connection',
} as const satisfies Record<string, HelperStatus>;

const assignLocation = (url: string) => window.location.assign(url);

const browserDevice = () => ({
  phoneOrTablet: isPhoneOrTablet(navigator),
  secureContext: window.isSecureContext,
});

type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem'>;

// Reached through at every use: reading `sessionStorage` itself throws where storage is switched off.
const browserSession: SessionStorageLike = {
  getItem: (key) => sessionStorage.getItem(key),
  setItem: (key, value) => sessionStorage.setItem(key, value),
};

// Storage can be switched off (privacy modes): the mark then lasts as long as the page.
let handledWithoutStorage = false;

function handledThisSession(session: SessionStorageLike): boolean {
  try {
    return session.getItem(HELPER_LAUNCH_SESSION_KEY) !== null;
  } catch {
    return handledWithoutStorage;
  }
}

function markHandled(session: SessionStorageLike): void {
  try {
    session.setItem(HELPER_LAUNCH_SESSION_KEY, '1');
  } catch {
    handledWithoutStorage = true;
  }
}

export interface HelperStatusMonitorOptions {
  ping?: () => Promise<unknown>;
  /** Opens the helper's launch link; a stable function, or the launch would be rescheduled. */
  launch?: (url: string) => void;
  /** Read once, when the monitor mounts. */
  device?: () => { phoneOrTablet: boolean; secureContext: boolean };
  watchPermission?: (onChange: (permission: LoopbackPermission) => void) => LoopbackPermissionWatch;
  session?: SessionStorageLike;
}

/**
 * Spec §4: while mounted (only while signed in) the helper is pinged every 10 s and the status
 * store follows. 2 s after "no connection" is shown, the launch link is opened, at most once per
 * browser session, and only where the browser lets the page reach the helper: where it asks the
 * user or refuses, the Launch Helper dialog opens at once and explains why instead. Phones and
 * tablets ping nothing.
 */
export function useHelperStatusMonitor({
  ping = pingHelper,
  launch = assignLocation,
  device = browserDevice,
  watchPermission = watchLoopbackPermission,
  session = browserSession,
}: HelperStatusMonitorOptions = {}): void {
  const [{ phoneOrTablet, secureContext }] = useState(device);
  const [permission, setPermission] = useState<LoopbackPermission | null>(null);
  const permissionWatch = useRef<LoopbackPermissionWatch | null>(null);

  useEffect(() => {
    if (phoneOrTablet) return;
    const watch = watchPermission(setPermission);
    permissionWatch.current = watch;
    return () => {
      watch.stop();
      permissionWatch.current = null;
    };
  }, [phoneOrTablet, watchPermission]);

  const {
    status: queryStatus,
    fetchStatus,
    error,
    errorUpdatedAt,
    refetch,
  } = useQuery({
    queryKey: ['helper', 'status'],
    queryFn: async () => {
      await ping();
      return true;
    },
    enabled: !phoneOrTablet,
    refetchInterval: HELPER_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    helperStatusStore.set(STATUS_OF_QUERY[queryStatus]);
  }, [queryStatus]);

  // A refused request may be what made the browser ask, or decide: its answer is read again.
  useEffect(() => {
    if (errorUpdatedAt > 0) permissionWatch.current?.recheck();
  }, [errorUpdatedAt]);

  const status = useHelperStatus();
  // Allowed just now: the helper is asked at once rather than at the next poll.
  useEffect(() => {
    if (permission === 'granted' && status === 'no-connection') void refetch();
  }, [permission, status, refetch]);

  const [heldBack, setHeldBack] = useState(false);
  useEffect(() => {
    if (fetchStatus !== 'fetching') return setHeldBack(false);
    const timer = setTimeout(() => setHeldBack(true), HELPER_HELD_BACK_MS);
    return () => clearTimeout(timer);
  }, [fetchStatus]);

  const failure = error instanceof HelperError ? error.reason : null;
  const access = helperAccess({ phoneOrTablet, permission, secureContext, status, failure, heldBack });
  useEffect(() => {
    helperAccessStore.set(access);
  }, [access]);

  // Signed out, nothing is checked, so nothing is known.
  useEffect(
    () => () => {
      helperStatusStore.set('pending');
      helperAccessStore.set('open');
    },
    [],
  );

  const permissionKnown = permission !== null || phoneOrTablet;
  useEffect(() => {
    if (!permissionKnown) return;
    const action = noConnectionAction(access, handledThisSession(session));
    // Not held back like the launch link: the browser's question may be on screen already.
    if (action === 'explain') {
      markHandled(session);
      launchHelperModalStore.set(true);
      return;
    }
    if (action !== 'open-launch-link' || status !== 'no-connection') return;
    const timer = setTimeout(() => {
      markHandled(session);
      launch(clientConfig.helperLaunchUrl);
    }, HELPER_LAUNCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, permissionKnown, access, session, launch]);
}
