import { createHmac } from 'node:crypto';
import type { Config } from '@benchside/server/config';
import { BadRequestError, ServiceUnavailableError } from '@benchside/server/errors';
import { z } from 'zod';
import { PROVIDER_TIMEOUT_MS, type SocialIdentity } from './identity.ts';

export const FACEBOOK_NOT_CONFIGURED_MESSAGE = 'Sign-in with Facebook is not available.';
export const FACEBOOK_INVALID_MESSAGE = 'The Facebook sign-in could not be verified.';

export type FacebookVerifier = (accessToken: string) => Promise<SocialIdentity>;

const debugTokenSchema = z.object({
  data: z.object({
    app_id: z.string().optional(),
    is_valid: z.boolean(),
    user_id: z.string().optional(),
  }),
});

const profileSchema = z.object({ id: z.string(), name: z.string().optional(), email: z.string().optional() });

/** Graph API's `appsecret_proof`: proves the call comes from the app's own server. */
export function appSecretProof(appSecret: string, accessToken: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

/**
 * Checks a user access token with Facebook itself: `debug_token` with the app token must say it
 * is valid and was issued to our app; then `/me` (with `appsecret_proof`) gives id, name, e-mail.
 */
export function createFacebookVerifier(facebook: Config['facebook']): FacebookVerifier {
  const graphGet = async (path: string, params: Record<string, string>): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`${facebook.graphUrl}${path}?${new URLSearchParams(params)}`, {
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServiceUnavailableError('Facebook could not be reached. Please try again later.', {
        cause: error,
      });
    }
    // Graph answers 400 for an expired or foreign token: the token is bad, not the service.
    if (response.status >= 500) throw new ServiceUnavailableError('Facebook could not be reached.');
    if (!response.ok) throw new BadRequestError(FACEBOOK_INVALID_MESSAGE);
    return response.json().catch(() => null);
  };

  return async (accessToken) => {
    const { appId, appSecret } = facebook;
    if (!appId || !appSecret) throw new BadRequestError(FACEBOOK_NOT_CONFIGURED_MESSAGE);
    const appToken = `${appId}|${appSecret}`;
    const debug = debugTokenSchema.safeParse(
      await graphGet('/debug_token', {
        input_token: accessToken,
        access_token: appToken,
        appsecret_proof: appSecretProof(appSecret, appToken),
      }),
    );
    const token = debug.success ? debug.data.data : null;
    if (!token?.is_valid || token.app_id !== appId || !token.user_id) {
      throw new BadRequestError(FACEBOOK_INVALID_MESSAGE);
    }
    const profile = profileSchema.safeParse(
      await graphGet('/me', {
        fields: 'id,name,email',
        access_token: accessToken,
        appsecret_proof: appSecretProof(appSecret, accessToken),
      }),
    );
    if (!profile.success || profile.data.id !== token.user_id)
      throw new BadRequestError(FACEBOOK_INVALID_MESSAGE);
    return {
      provider: 'facebook',
      subject: profile.data.id,
      // Facebook only hands out an address its user has confirmed; none at all for phone sign-ups.
      email: profile.data.email ?? null,
      name: (profile.data.name ?? '').slice(0, 100),
    };
  };
}
