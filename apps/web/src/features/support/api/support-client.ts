import { refetchCurrentUser } from '../../../lib/auth.ts';
import { clientConfig } from '../../../lib/client-config.ts';
import { createHttpClient } from '../../../lib/http.ts';

/**
 * The support service on its own origin (spec §6: the portal's cookie travels with its calls, so
 * `credentials: 'include'`). A 401 there does not sign out by itself (decision 108): the main API
 * is asked for the user again, and its client then signs out exactly as for any other 401.
 */
export const supportHttp = createHttpClient({
  baseUrl: new URL(clientConfig.supportUrl).origin,
  credentials: 'include',
  onUnauthorized: refetchCurrentUser,
});
