/**
 * The fake Google issuer the e2e stack trusts (playwright.config.ts sets GOOGLE_CLIENT_ID,
 * GOOGLE_JWKS_URL and GOOGLE_ISSUER from these); global-setup.ts serves its JWKS on loopback.
 */
export const E2E_GOOGLE_CLIENT_ID = 'benchside-e2e.apps.googleusercontent.com';

/** Five above E2E_PORT: the portal takes E2E_PORT and the support service the next one. */
export function fakeGooglePort(e2ePort: number): number {
  return e2ePort + 5;
}

export function fakeGoogleIssuer(e2ePort: number): string {
  return `http://127.0.0.1:${fakeGooglePort(e2ePort)}`;
}

/** Where global setup leaves the private key for the tests that sign ID tokens. */
export const PRIVATE_JWK_ENV = 'E2E_FAKE_GOOGLE_PRIVATE_JWK';
