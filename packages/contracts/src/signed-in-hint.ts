/**
 * A readable, non-secret cookie the API sets beside the HttpOnly session cookie and clears with it.
 * Without it the web app knows nobody is signed in and renders the signed-out screen without
 * asking `GET /api/me` (and the forced logout its 401 would trigger) first.
 */
export const SIGNED_IN_HINT_COOKIE = 'bs_signed_in';

/** Whether a `Cookie` header (or `document.cookie`) carries the hint. */
export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(';').some((cookie) => cookie.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
