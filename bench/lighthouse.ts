import { SIGNED_IN_HINT_COOKIE } from '@benchside/contracts/signed-in-hint';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium-flags.ts';

export type LighthouseScores = {
  performance: number;
  accessibility: number;
  runs: number[];
  /** The metrics behind the performance score, from the median run, in milliseconds (CLS unitless). */
  metrics: Record<string, number>;
  /** Accessibility audits that failed, by id. */
  accessibilityFailures: string[];
};

const METRIC_AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const RUNS = 3;

/**
 * Puts a signed-in session's cookies (the session and the readable hint the web app checks before
 * asking `/api/me`) into the browser Lighthouse will drive, as a sign-in would have left them.
 */
async function signIn(chromePort: number, url: string, sessionCookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const [name = '', value = ''] = sessionCookie.split('=', 2);
    const context = browser.contexts()[0];
    if (!context) throw new Error('Lighthouse Chromium has no browser context');
    await context.addCookies([
      { name, value, url, httpOnly: true, sameSite: 'Lax' },
      { name: SIGNED_IN_HINT_COOKIE, value: '1', url, sameSite: 'Lax' },
    ]);
  } finally {
    // Disconnects only: the browser belongs to chrome-launcher.
    await browser.close();
  }
}

/**
 * Lighthouse's default (mobile, simulated slow 4G and CPU throttling) on a fresh headless Chromium.
 * Performance varies between runs, so the median of three counts. With `sessionCookie` the page
 * is measured signed in, Lighthouse told to keep the cookies (it clears an origin's storage first).
 */
export async function measureLighthouse(url: string, sessionCookie?: string): Promise<LighthouseScores> {
  const runs: Array<{ performance: number; metrics: Record<string, number> }> = [];
  let accessibility = 0;
  let accessibilityFailures: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    try {
      if (sessionCookie) await signIn(chrome.port, url, sessionCookie);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: sessionCookie !== undefined,
      });
      const categories = result?.lhr.categories;
      if (result?.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      const audits = result?.lhr.audits ?? {};
      const metrics = Object.fromEntries(
        METRIC_AUDITS.map((id) => [id, Math.round((audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000]),
      );
      runs.push({ performance: Math.round((categories?.performance?.score ?? 0) * 100), metrics });
      accessibility = Math.round((categories?.accessibility?.score ?? 0) * 100);
      accessibilityFailures = (categories?.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
    } finally {
      chrome.kill();
    }
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  return {
    performance: median?.performance ?? 0,
    accessibility,
    runs: runs.map((run) => run.performance),
    metrics: median?.metrics ?? {},
    accessibilityFailures,
  };
}
