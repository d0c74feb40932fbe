import type { Config } from '@benchside/server/config';
import { BadRequestError, ServiceUnavailableError } from '@benchside/server/errors';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { PROVIDER_TIMEOUT_MS, type SocialIdentity } from './identity.ts';

export const GOOGLE_NOT_CONFIGURED_MESSAGE = 'Sign-in with Google is not available.';
export const GOOGLE_INVALID_MESSAGE = 'The Google sign-in could not be verified.';

export type GoogleVerifier = (credential: string) => Promise<SocialIdentity>;

/**
 * Checks a Google ID token ourselves (Google's "Verify the Google ID token on your server side"):
 * RS256 signature against the JWKS (fetched once, refetched for an unknown key id), `iss`, `aud` =
 * our client id and `exp`. An address counts only with `email_verified` true.
 */
export function createGoogleVerifier(google: Config['google']): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });
  // Google documents both spellings of its issuer; a configured test issuer stands alone.
  const issuers =
    google.issuer === 'https://accounts.google.com'
      ? [google.issuer, 'accounts.google.com']
      : [google.issuer];
  return async (credential) => {
    if (!google.clientId) throw new BadRequestError(GOOGLE_NOT_CONFIGURED_MESSAGE);
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        issuer: issuers,
        audience: google.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        throw new ServiceUnavailableError('Google could not be reached. Please try again later.', {
          cause: error,
        });
      }
      throw new BadRequestError(GOOGLE_INVALID_MESSAGE, { cause: error });
    }
    const subject = payload.sub;
    if (!subject) throw new BadRequestError(GOOGLE_INVALID_MESSAGE);
    const email = typeof payload.email === 'string' && payload.email_verified === true ? payload.email : null;
    return {
      provider: 'google',
      subject,
      email,
      name: typeof payload.name === 'string' ? payload.name.slice(0, 100) : '',
    };
  };
}
