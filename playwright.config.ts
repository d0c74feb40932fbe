import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eHelperDownloadsHosts } from './e2e/downloads/seed-host.ts';
import { E2E_GOOGLE_CLIENT_ID, fakeGoogleIssuer, fakeGooglePort } from './e2e/social/fake-google.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, disableFeaturesFlag } from './e2e/support/chromium-flags.ts';

// The whole stack, started exactly as `npm start` does, on its own ports and a throw-away DATA_DIR.
const port = Number(process.env.E2E_PORT ?? 18080);
const supportPort = port + 1;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'benchside-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  // Specs that need SUPPORT_ENABLED=true run on their own stack: playwright.support.config.ts.
  testIgnore: ['**/*.flag-on.spec.ts'],
  // A fake Google issuer on loopback for e2e/social; Google's script never loads offline, so the
  // other tests' sign-in page shows no Google button.
  globalSetup: './e2e/social/global-setup.ts',
  // Each configuration cleans only its own folder: the two may run at the same time.
  outputDir: 'test-results/default',
  // Read by global-setup.ts: the support configuration has its own, so the two can run at once.
  metadata: { fakeGooglePort: fakeGooglePort(port) },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, disableFeaturesFlag],
    },
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot. The trace's
    // screencast is left out: encoding frames all through every test cost a fifth of the suite's
    // CPU on two cores (docs/decisions/093-chromium-does-less.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/launch.mjs start',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      SUPPORT_PORT: String(supportPort),
      DATA_DIR: dataDir,
      // The helper's settings and download list: this run's own, never the user's.
      HELPER_CONFIG_DIR: join(dataDir, 'helper'),
      HELPER_DOWNLOADS_HOSTS: e2eHelperDownloadsHosts(port),
      LOG_LEVEL: 'warn',
      // The suite registers more accounts than the per-address e-mail limit allows in an hour, all
      // from loopback. Trusting loopback as a proxy lets createVerifiedAccount give each account its
      // own X-Forwarded-For address; what the browser sends (no such header) still counts as 127.0.0.1.
      TRUST_PROXY: '127.0.0.1',
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      GOOGLE_ISSUER: fakeGoogleIssuer(port),
      GOOGLE_JWKS_URL: `${fakeGoogleIssuer(port)}/certs`,
      // The reminder job run on demand, at a chosen time (e2e/cards/expiry.spec.ts).
      E2E_EXPIRY_REMINDER_ROUTE: 'true',
    },
  },
});
