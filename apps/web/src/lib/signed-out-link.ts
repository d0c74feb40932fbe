/**
 * The e-mailed links that only work signed out. Spec §2 sends a signed-in visitor's auth/* to
 * /cards; these two travel there as navigation state so the link is offered back, not lost.
 */
export const SIGNED_OUT_LINK_PATHS = ['/auth/reset-password', '/auth/verify-email'] as const;
export type SignedOutLinkPath = (typeof SIGNED_OUT_LINK_PATHS)[number];

export interface SignedOutLink {
  path: SignedOutLinkPath;
  /** The link's query string, `?…` or empty. */
  search: string;
}

/** Longer query strings are not links this portal sends. */
const MAX_SEARCH_LENGTH = 4096;

/** The link this address is, when it is one of the signed-out links. */
export function signedOutLinkAt(location: { pathname: string; search: string }): SignedOutLink | null {
  const path = SIGNED_OUT_LINK_PATHS.find((candidate) => candidate === location.pathname.replace(/\/+$/, ''));
  return path ? { path, search: location.search } : null;
}

export function signedOutLinkState(link: SignedOutLink): { signedOutLink: SignedOutLink } {
  return { signedOutLink: link };
}

/**
 * The link carried by navigation state; anything else (or a forged path) is none. Checked by hand:
 * this module is in the entry chunk, and a schema library there would weigh on the sign-in page.
 */
export function signedOutLinkFromState(state: unknown): SignedOutLink | null {
  if (typeof state !== 'object' || state === null || !('signedOutLink' in state)) return null;
  const link = state.signedOutLink;
  if (typeof link !== 'object' || link === null || !('path' in link) || !('search' in link)) return null;
  const path = SIGNED_OUT_LINK_PATHS.find((candidate) => candidate === link.path);
  const { search } = link;
  if (path === undefined || typeof search !== 'string') return null;
  if (search.length > MAX_SEARCH_LENGTH || !(search === '' || search.startsWith('?'))) return null;
  return { path, search };
}
