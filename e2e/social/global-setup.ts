import { startFakeGoogle } from '../../apps/api/test/fake-providers.ts';
import { E2E_GOOGLE_CLIENT_ID, fakeGooglePort, PRIVATE_JWK_ENV } from './fake-google.ts';

/**
 * Starts the fake Google issuer for the whole run (the stack fetches its JWKS when it first checks a
 * token). The workers inherit the private key through the environment to sign ID tokens.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const google = await startFakeGoogle({
    audience: E2E_GOOGLE_CLIENT_ID,
    port: fakeGooglePort(Number(process.env.E2E_PORT ?? 18080)),
  });
  process.env[PRIVATE_JWK_ENV] = JSON.stringify(google.privateJwk);
  return () => google.close();
}
