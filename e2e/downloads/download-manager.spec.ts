import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleInBothThemes, saveScreenshot } from '../support/a11y.ts';
import { signIn } from '../support/auth.ts';
import { DEMO_FIRMWARE, downloadDemoFirmware } from '../support/firmwares.ts';
import { addDownload, helperPortFor, postToHelper, publishPackages, removeAllDownloads } from './web-seed.ts';

const MB = 1024 * 1024;

/** Every desktop notification the page makes, recorded as the browser shows it. */
const RECORD_NOTIFICATIONS = `
  window.shownNotifications = [];
  const BrowserNotification = window.Notification;
  window.Notification = class extends BrowserNotification {
    constructor(title, options) {
      super(title, options);
      window.shownNotifications.push({ title, body: options && options.body });
    }
  };
`;

const shownNotifications = (page: Page) => page.evaluate<unknown[]>('window.shownNotifications');

test('downloads like a download manager: speed limit, pause at startup, queue order, a notice when one finishes', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? '').origin;
  // The first finishes while the others still run; four, so that one waits for the three that run.
  const published = await publishPackages(
    [
      { name: 'queue-1.bin', size: 8 * MB },
      { name: 'queue-2.bin', size: 16 * MB },
      { name: 'queue-3.bin', size: 16 * MB },
      { name: 'queue-4.bin', size: 16 * MB },
    ],
    256 * 1024,
  );
  // Granting some permissions refuses the others for the origin: the helper's is granted too.
  await context.grantPermissions(['notifications', 'local-network-access'], { origin });
  await page.addInitScript(RECORD_NOTIFICATIONS);
  const port = await helperPortFor(page.request, origin);
  await removeAllDownloads(page.request, port, origin);
  await postToHelper(page.request, port, origin, '/general/setDownloadFolder', {
    path: join(published.work, 'downloads'),
  });
  try {
    await signIn(page);
    await page.goto('/downloads');

    // The helper's own settings, set from the page and kept by the helper.
    const settings = page.getByRole('region', { name: 'Download settings' });
    const limit = settings.getByLabel('Download speed limit');
    await expect(limit).toHaveValue('0', { timeout: 15_000 });
    await limit.fill('3');
    await settings.getByLabel('Unit').selectOption('MB');
    const pause = settings.getByRole('switch', { name: 'Pause all downloads when the helper starts' });
    await pause.check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The download settings were saved')).toBeVisible();
    const kept = await postToHelper(page.request, port, origin, '/general/getSettings');
    expect(await kept.json()).toEqual({ downloadLimitKBps: 3000, pauseAtStartup: true });
    await page.reload();
    await expect(limit).toHaveValue('3', { timeout: 15_000 });
    await expect(settings.getByLabel('Unit')).toHaveValue('MB');
    await expect(pause).toBeChecked();
    await expect(
      settings.getByRole('switch', { name: 'Show a desktop notification when a download finishes' }),
    ).toBeChecked();

    // What the Files page does for each package; three run at once, the fourth waits its turn.
    for (const { torrentUrl } of published.packages) {
      await addDownload(page.request, port, origin, { url: torrentUrl, soft: 'E2E Queue', path: 'queue' });
    }
    await page.reload();
    const row = (name: string) => page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
    await expect(row('queue-4.bin').getByText('Queued')).toBeVisible({ timeout: 15_000 });
    await expect(row('queue-3.bin').getByText(/Downloading|Checking/)).toBeVisible();
    await expect(row('queue-1.bin').getByRole('button', { name: 'Move queue-1.bin up' })).toBeDisabled();

    // Moved up from the keyboard, the fourth takes the third's place and its slot.
    const moveUp = page.getByRole('button', { name: 'Move queue-4.bin up' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    const names = page.locator('.downloads-table tbody tr td:nth-child(2) .fw-semibold');
    await expect(names).toHaveText(['queue-1.bin', 'queue-2.bin', 'queue-4.bin', 'queue-3.bin']);
    await expect(moveUp).toBeFocused();
    await expect(row('queue-3.bin').getByText('Queued')).toBeVisible();
    await expect(row('queue-4.bin').getByText(/Downloading|Checking/)).toBeVisible();
    // The queue seen, the rest need not come at the watched pace.
    published.setBytesPerSecond(8 * MB);

    // The first to finish says so on the desktop.
    await expect
      .poll(() => shownNotifications(page), { timeout: 60_000 })
      .toContainEqual({ title: 'Download finished', body: 'queue-1.bin is ready in your download folder.' });
    await expect(row('queue-1.bin').getByText('Done')).toBeVisible();

    await expectAccessibleInBothThemes(page, 'download-manager');
    // On a narrow screen the queue scrolls inside its card, never the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(settings.getByRole('button', { name: 'Save settings' })).toBeVisible();
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'download-manager-390');
  } finally {
    // The stack's helper serves the other specs: no limit, no pause, no downloads left behind.
    await postToHelper(page.request, port, origin, '/general/setSettings', {
      downloadLimitKBps: 0,
      pauseAtStartup: false,
    });
    await removeAllDownloads(page.request, port, origin);
    await published.close();
  }
});

test('a download that finishes while the technician is on another page still brings its desktop notice', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications', 'local-network-access'], { origin });
  await page.addInitScript(RECORD_NOTIFICATIONS);
  const port = await helperPortFor(page.request, origin);
  await removeAllDownloads(page.request, port, origin);
  const folder = await mkdtemp(join(tmpdir(), 'benchside-e2e-notice-'));
  await postToHelper(page.request, port, origin, '/general/setDownloadFolder', { path: folder });
  try {
    await signIn(page);
    await downloadDemoFirmware(page);

    // Still on the firmwares page, never on Downloads: the notice comes all the same.
    await expect
      .poll(() => shownNotifications(page), { timeout: 30_000 })
      .toContainEqual({
        title: 'Download finished',
        body: `${DEMO_FIRMWARE} is ready in your download folder.`,
      });
    expect(new URL(page.url()).pathname).toBe('/firmwares');
  } finally {
    await removeAllDownloads(page.request, port, origin);
    await rm(folder, { recursive: true, force: true });
  }
});

test.describe('on a phone, with no helper', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each package offers a plain HTTPS download with its size and SHA-256 to check it by', async ({
    page,
  }) => {
    // No helper answers on any of its ports, as on a phone.
    await page.route(/^http:\/\/127\.0\.0\.1:2005[1-4]\//, (route) => route.abort('connectionrefused'));
    await page.addInitScript("sessionStorage.setItem('benchside_helper_launch_handled', '1')");
    await signIn(page);
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { name: 'The Benchside Helper is not running' })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole('link', { name: 'open Files' }).click();
    await expect(page).toHaveURL(/\/files$/);

    await page.getByRole('searchbox', { name: 'Search files by name' }).fill('A525FXXU4CVJB');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const file = 'SM-A525F_A525FXXU4CVJB.bin';
    const direct = page.getByRole('button', { name: `Download directly: ${file}` });
    await expect(direct).toHaveText('Download directly');
    // On a phone the plain download is the only one offered.
    await expect(page.getByRole('button', { name: `Download ${file}`, exact: true })).toHaveCount(0);

    await direct.click();
    const dialog = page.getByRole('dialog', { name: 'Download directly' });
    await expect(dialog).toContainText('262.1 kB');
    const link = dialog.getByRole('link', { name: 'Download file' });
    await expect(link).toHaveAttribute('href', /\/dl\/[^/?]+\?expires=\d+&signature=[\w-]+/);
    const sha256 = (await dialog.locator('code').textContent()) ?? '';
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    // The link is the package itself, and its bytes are the ones the SHA-256 names.
    const fetched = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(fetched.status()).toBe(200);
    const bytes = await fetched.body();
    expect(bytes.length).toBe(262_144);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);

    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessibleInBothThemes(page, 'direct-download-390');
  });
});
