import { defineConfig } from '@playwright/test';
import { e2eHelperDownloadsHosts } from './e2e/downloads/seed-host.ts';
import { helperPortsOf } from './e2e/helper/configured-ports.ts';
import { fakeGoogleIssuer, fakeGooglePort } from './e2e/social/fake-google.ts';
import base from './playwright.config.ts';

// The same stack as playwright.config.ts, started with SUPPORT_ENABLED=true on ports 20 above it
// (so both can run side by side) and its own throw-away DATA_DIR. It runs only `*.flag-on.spec.ts`;
// the default stack keeps the spec's build (support switched off) for every other test. Its fake
// Google issuer (5 above its own port) and its output folder are its own too, and so are its
// helper's ports (2 and 3 above it, `HELPER_PORTS`): the settings the spec leaves at their defaults
// are tried away from them here.
const port = Number(process.env.E2E_PORT ?? 18080) + 20;
const baseServer = base.webServer;
if (!baseServer || Array.isArray(baseServer))
  throw new Error('playwright.config.ts must start one web server');

export default defineConfig({
  ...base,
  testDir: 'e2e',
  testIgnore: [],
  testMatch: '**/*.flag-on.spec.ts',
  outputDir: 'test-results/support-enabled',
  metadata: { fakeGooglePort: fakeGooglePort(port) },
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    ...baseServer,
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      ...baseServer.env,
      PORT: String(port),
      SUPPORT_PORT: String(port + 1),
      SUPPORT_ENABLED: 'true',
      HELPER_PORTS: helperPortsOf(port).join('-'),
      HELPER_DOWNLOADS_HOSTS: e2eHelperDownloadsHosts(port),
      GOOGLE_ISSUER: fakeGoogleIssuer(port),
      GOOGLE_JWKS_URL: `${fakeGoogleIssuer(port)}/certs`,
    },
  },
});
