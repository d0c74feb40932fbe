import type { HelperErrorReason } from './helper-client.ts';
import type { HelperStatus } from './helper-status.ts';

/**
 * What the browser says about this page reaching 127.0.0.1 (Local Network Access, Chrome 142+):
 * `unsupported` where the browser knows no such permission and lets the page through.
 */
export type LoopbackPermission = PermissionState | 'unsupported';

/**
 * The permission's names, newest first: Chromium 156 gates 127.0.0.1 by `loopback-network`, Chrome
 * 142 by `local-network-access`. A browser that knows neither rejects the query with a TypeError.
 */
export const LOOPBACK_PERMISSION_NAMES = ['loopback-network', 'local-network-access'] as const;

/**
 * What stands between this page and the helper:
 * - `open`: nothing; a helper that does not answer is not running.
 * - `will-ask`: the browser is asking the user (its permission is still `prompt`).
 * - `blocked`: the user, or a policy, denied the permission.
 * - `insecure`: the page is not a secure context (plain http on a real address), so the browser
 *   denies it outright and no setting of the user's helps.
 * - `no-helper-here`: a phone or tablet, where no helper runs.
 */
export type HelperAccess = 'open' | 'will-ask' | 'blocked' | 'insecure' | 'no-helper-here';

/** How the helper's indicator names an access that is not open (`helper.status.*`). */
export const HELPER_ACCESS_LABEL_KEYS = {
  'will-ask': 'helper.status.willAsk',
  blocked: 'helper.status.blocked',
  insecure: 'helper.status.insecure',
  'no-helper-here': 'helper.status.noHelperHere',
} as const satisfies Record<Exclude<HelperAccess, 'open'>, string>;

/** A status check that waits longer than this while the permission is `prompt` is the browser asking. */
export const HELPER_HELD_BACK_MS = 1_000;

export interface HelperAccessInput {
  phoneOrTablet: boolean;
  /** null until the browser has answered the query. */
  permission: LoopbackPermission | null;
  secureContext: boolean;
  status: HelperStatus;
  /** Why the last status check failed. */
  failure: HelperErrorReason | null;
  /** The check under way has waited more than HELPER_HELD_BACK_MS. */
  heldBack: boolean;
}

/**
 * A `prompt` permission alone says little: a page on loopback or a private address reads it too,
 * and reaches the helper without being asked. The browser's question shows as a check it holds
 * back until the user answers (a helper answers in milliseconds, and refuses as fast when it is
 * not running), or one that timed out.
 */
export function helperAccess({
  phoneOrTablet,
  permission,
  secureContext,
  status,
  failure,
  heldBack,
}: HelperAccessInput): HelperAccess {
  if (phoneOrTablet) return 'no-helper-here';
  if (
    status === 'connected' ||
    permission === null ||
    permission === 'granted' ||
    permission === 'unsupported'
  )
    return 'open';
  if (permission === 'denied') return secureContext ? 'blocked' : 'insecure';
  if (!secureContext) return status === 'no-connection' ? 'insecure' : 'open';
  return heldBack || (status === 'no-connection' && failure === 'timeout') ? 'will-ask' : 'open';
}

/** What the page does after "no connection" (spec §4), the first time in the browser session. */
export type NoConnectionAction = 'open-launch-link' | 'explain' | 'nothing';

/**
 * The launch link only where a silent helper means one that is not running; where the browser
 * asks, refuses or cannot allow, the explanation instead: launching a running helper again fixes
 * nothing. Once per browser session, either way; never on a phone or tablet.
 */
export function noConnectionAction(access: HelperAccess, handledThisSession: boolean): NoConnectionAction {
  if (handledThisSession || access === 'no-helper-here') return 'nothing';
  return access === 'open' ? 'open-launch-link' : 'explain';
}

type NavigatorLike = Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & {
  userAgentData?: { mobile: boolean };
};

/**
 * Phones and tablets, where no helper can run: the client-hint flag where the browser has it, the
 * user agent otherwise (Android tablets say "Android" without "Mobile"; iPadOS says "Macintosh"
 * but has a touch screen, which no Mac has).
 */
export function isPhoneOrTablet(nav: NavigatorLike): boolean {
  if (nav.userAgentData?.mobile) return true;
  if (/Android|iPhone|iPad|iPod|Mobile|Silk|Kindle/i.test(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}

type PermissionsLike = Pick<Permissions, 'query'>;

export interface LoopbackPermissionWatch {
  /** Asks again: a failed request may have just made the browser ask, or decide. */
  recheck(): void;
  stop(): void;
}

/**
 * Follows the loopback permission: `onChange` gets the state now and at every change (the user
 * answering the browser's question, or changing the site's settings).
 */
export function watchLoopbackPermission(
  onChange: (permission: LoopbackPermission) => void,
  permissions: PermissionsLike | undefined = globalThis.navigator?.permissions,
): LoopbackPermissionWatch {
  let stopped = false;
  let known: { name: string; status: PermissionStatus } | null = null;
  const report = (permission: LoopbackPermission) => {
    if (!stopped) onChange(permission);
  };
  const reportStatus = () => {
    if (known) report(known.status.state);
  };
  // The names are not in TypeScript's PermissionName yet.
  const query = (name: string) => permissions?.query({ name } as unknown as PermissionDescriptor);

  const found = (async () => {
    for (const name of LOOPBACK_PERMISSION_NAMES) {
      try {
        const status = await query(name);
        if (status) return { name, status };
      } catch {
        // Not a name this browser knows: try the older one.
      }
    }
    return null;
  })().then((result) => {
    known = result;
    if (!known) return report('unsupported');
    known.status.addEventListener('change', reportStatus);
    reportStatus();
  });

  return {
    recheck() {
      void found.then(async () => {
        if (!known) return;
        try {
          report((await query(known.name))?.state ?? known.status.state);
        } catch {
          reportStatus();
        }
      });
    },
    stop() {
      stopped = true;
      known?.status.removeEventListener('change', reportStatus);
    },
  };
}
