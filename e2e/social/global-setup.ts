import type { FullConfig } from '@playwright/test';
import { startFakeGoogle } from '../../apps/api/test/fake-providers.ts';
import { E2E_GOOGLE_CLIENT_ID, PRIVATE_JWK_ENV } from './fake-google.ts';

/**
 * Starts the fake Google issuer for the whole run (the stack fetches its JWKS when it first checks a
 * token). The workers inherit the private key through the environment to sign ID tokens. Its port
 * is the configuration's `metadata.fakeGooglePort`: each configuration's stack trusts its own.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const port = config.metadata.fakeGooglePort;
  if (typeof port !== 'number')
    throw new Error('the Playwright configuration must set metadata.fakeGooglePort');
  const google = await startFakeGoogle({ audience: E2E_GOOGLE_CLIENT_ID, port });
  process.env[PRIVATE_JWK_ENV] = JSON.stringify(google.privateJwk);
  return () => google.close();
}
