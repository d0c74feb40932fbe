import {
  type Browser,
  type BrowserContext,
  chromium,
  devices,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, disableFeaturesFlag } from '../support/chromium-flags.ts';

/**
 * A deployed portal is a public site, and Chromium's Local Network Access asks the user before a
 * public site may reach 127.0.0.1. This browser is told to treat the e2e portal as public, as
 * Chrome 142+ treats a real one. A launch of the helper's link shows as a request for
 * `benchside-helper://launch`.
 */
let browser: Browser;

test.beforeAll(async ({ baseURL }) => {
  const portal = new URL(baseURL ?? '');
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, disableFeaturesFlag, `--ip-address-space-overrides=${portal.host}=public`],
  });
});

test.afterAll(async () => {
  await browser.close();
});

async function signedInPage(context: BrowserContext): Promise<{ page: Page; launches: string[] }> {
  const page = await context.newPage();
  const launches: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('benchside-helper:')) launches.push(request.url());
  });
  await signIn(page);
  return { page, launches };
}

// An expression: the e2e sources are type-checked without the DOM library.
const launchSessionMark = (page: Page) =>
  page.evaluate<string | null>("sessionStorage.getItem('benchside_helper_launch_handled')");

test('a browser that refuses the portal the loopback gets the steps to allow it, never the launch link', async ({
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const { page, launches } = await signedInPage(context);
  // A fresh profile: the permission is "prompt" until the first ping, which headless Chromium answers "deny".
  await page.goto('/cards');

  const status = page.getByRole('button', { name: 'Helper status: blocked by your browser' });
  await expect(status).toBeVisible({ timeout: 15_000 });
  // In place of the launch link, the dialog says why and what to do.
  const dialog = page.getByRole('dialog', { name: 'Launch Benchside Helper' });
  const panel = dialog.getByRole('region', { name: 'Your browser blocks the helper' });
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel.getByRole('listitem')).toHaveText([
    'Click the site information icon at the left of the address bar.',
    /Set “Local network access” to Allow/,
    'Reload this page.',
  ]);
  await expect(dialog.getByRole('link', { name: 'Launch Helper' })).toHaveCount(0);
  expect(await launchSessionMark(page)).not.toBeNull();

  // Reloaded in the same browser session, the tools page names the state too, the dialog does
  // not come back by itself, and the status checks launch nothing.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.goto('/tools');
  await expect(
    page.getByText('The Benchside Helper cannot be reached: blocked by your browser.'),
  ).toBeVisible({
    timeout: 15_000,
  });
  await page.waitForTimeout(12_000);
  await expect(dialog).toHaveCount(0);
  expect(launches).toEqual([]);
  await context.close();
});

test('while the browser asks, the question is explained and the launch link is not opened', async ({
  baseURL,
}) => {
  test.setTimeout(45_000);
  const context = await browser.newContext({ baseURL });
  // Chromium holds a request back while its question is on screen; the headless one answers at
  // once, so the ping is held here instead: the permission stays "prompt", the ping times out.
  await context.route(/^http:\/\/127\.0\.0\.1:2005[1-4]\//, () => {});
  const { page, launches } = await signedInPage(context);
  await page.goto('/cards');

  await expect(
    page.getByRole('button', { name: 'Helper status: waiting for your browser’s permission' }),
  ).toBeVisible({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Launch Benchside Helper' });
  const panel = dialog.getByRole('region', { name: 'Your browser will ask first' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toContainText('Choose Allow');
  expect(launches).toEqual([]);
  await context.close();
});

test('allowed, the portal reaches the helper as a public site', async ({ baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['local-network-access']);
  const { page, launches } = await signedInPage(context);
  await page.goto('/cards');
  await expect(page.getByRole('button', { name: 'Helper status: connected' })).toBeVisible({
    timeout: 15_000,
  });
  expect(launches).toEqual([]);
  await context.close();
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _chromiumAlready, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('nothing pings the helper or opens its link; the helper icon says how to get it on a computer', async ({
    page,
  }) => {
    const loopback: string[] = [];
    page.on('request', (request) => {
      if (/^(http:\/\/127\.0\.0\.1:2005|benchside-helper:)/.test(request.url())) loopback.push(request.url());
    });
    await signIn(page);
    await page.goto('/cards');
    const status = page.getByRole('button', { name: 'Helper status: not available on phones and tablets' });
    await expect(status).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(3_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await status.click();
    const panel = page
      .getByRole('dialog', { name: 'Launch Benchside Helper' })
      .getByRole('region', { name: 'The helper runs on a computer' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('listitem').first()).toHaveText(
      `On the computer your card reader is connected to, open ${new URL(page.url()).origin}.`,
    );
    expect(loopback).toEqual([]);
  });
});
