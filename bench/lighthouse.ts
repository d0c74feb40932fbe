import { SIGNED_IN_HINT_COOKIE } from '@benchside/contracts/signed-in-hint';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import type { Result as LighthouseResult } from 'lighthouse';
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
  /** Lighthouse's own measure of the machine's speed in the median run (higher is faster). */
  benchmarkIndex: number;
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
 * Lighthouse's errors for a trace Chromium did not record whole (a navigation start missing from a
 * renderer started for the page), which its message says to meet by running it again: such a run
 * is made again, up to twice, in a fresh browser. Any other error ends the bench.
 */
const TRACE_NOT_RECORDED = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
const ATTEMPTS_PER_RUN = 3;

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
  const runs: Array<{ performance: number; metrics: Record<string, number>; benchmarkIndex: number }> = [];
  let accessibility = 0;
  let accessibilityFailures: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const lhr = await lighthouseRun(url, sessionCookie);
    const categories = lhr.categories;
    const audits = lhr.audits;
    const metrics = Object.fromEntries(
      METRIC_AUDITS.map((id) => [id, Math.round((audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000]),
    );
    runs.push({
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      metrics,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    });
    accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
    accessibilityFailures = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  return {
    performance: median?.performance ?? 0,
    accessibility,
    runs: runs.map((run) => run.performance),
    metrics: median?.metrics ?? {},
    accessibilityFailures,
    benchmarkIndex: median?.benchmarkIndex ?? Number.NaN,
  };
}

/** One Lighthouse run in a fresh headless Chromium, made again when the trace was not recorded. */
async function lighthouseRun(url: string, sessionCookie?: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
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
      if (!result) throw new Error('Lighthouse gave no result');
      const error = result.lhr.runtimeError;
      if (!error) return result.lhr;
      if (!TRACE_NOT_RECORDED.has(error.code) || attempt === ATTEMPTS_PER_RUN) {
        throw new Error(`Lighthouse: ${error.message}`);
      }
      console.log(`  Lighthouse on ${url}: ${error.code}, running it again`);
    } finally {
      chrome.kill();
    }
  }
}
