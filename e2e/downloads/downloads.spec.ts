import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/a11y.ts';
import { signIn } from '../support/auth.ts';
import {
  addDownload,
  helperPortFor,
  type PublishedPackage,
  publishPackage,
  removeAllDownloads,
} from './web-seed.ts';

const MB = 1024 * 1024;
let published: PublishedPackage;

test.beforeAll(async () => {
  // 8 MiB at 256 KiB/s per range request (webtorrent asks for a few at a time): several seconds.
  published = await publishPackage(8 * MB, 256 * 1024);
});

test.afterAll(async () => {
  await published.close();
});

test('a download through the helper: folder, progress, stop and start, browse, remove with its files', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL ?? '').origin;
  await removeAllDownloads(request, await helperPortFor(request, origin), origin);
  await signIn(page);
  await page.goto('/downloads');

  // A fresh helper has nothing yet.
  await expect(page.getByRole('heading', { name: 'No downloads' })).toBeVisible({ timeout: 15_000 });

  // The download folder is shown and can be changed; an empty one is refused with the spec's words.
  await expect(page.getByRole('heading', { name: 'Download folder' })).toBeVisible();
  await page.getByRole('button', { name: 'Change folder' }).click();
  const folderInput = page.getByLabel('New download folder');
  await folderInput.fill('');
  await page.getByRole('button', { name: 'Save folder' }).click();
  await expect(page.getByText('Default download folder not selected!')).toBeVisible();
  const folder = join(published.work, 'downloads');
  await folderInput.fill(folder);
  await page.getByRole('button', { name: 'Save folder' }).click();
  await expect(page.getByTestId('download-folder')).toHaveText(folder);

  // What the Files page does when the user downloads a package.
  const port = await helperPortFor(page.request, origin);
  await addDownload(page.request, port, origin, { url: published.torrentUrl, soft: 'E2E Tool', path: 'e2e' });
  await page.reload();

  const row = page.getByRole('row', { name: new RegExp(published.name) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole('cell', { name: '8.4 MB', exact: true })).toBeVisible();
  await expect(row.getByText(/Downloading|Checking/)).toBeVisible();
  const progress = row.getByRole('progressbar', { name: `Progress of ${published.name}` });

  // Stopped mid-way, it stays where it was; started again, it runs to the end.
  await row.getByRole('button', { name: 'Stop' }).click();
  await expect(row.getByText('Stopped')).toBeVisible();
  const stoppedAt = Number(await progress.getAttribute('aria-valuenow'));
  expect(stoppedAt).toBeLessThan(100);
  await page.waitForTimeout(3500);
  await expect(progress).toHaveAttribute('aria-valuenow', String(stoppedAt));
  await row.getByRole('button', { name: 'Start' }).click();
  await expect(row.getByText(/Downloading|Checking/)).toBeVisible();
  // Seen running again, the rest need not come at the watched pace.
  published.setBytesPerSecond(8 * MB);

  // The list polls every 3 s while the download runs, up to done.
  await expect(row.getByText('Done')).toBeVisible({ timeout: 60_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(row.getByRole('button', { name: 'Install' })).toBeVisible();
  const file = join(folder, 'e2e', published.name);
  expect(existsSync(file)).toBe(true);

  await expectAccessibleInBothThemes(page, 'downloads');

  // A headless machine has no file manager: the spec's message, the helper's reason folded away.
  await row.getByRole('button', { name: 'Open folder' }).click();
  const browseFailure = page.getByRole('alert').filter({ hasText: 'File browse error' });
  await expect(browseFailure.getByText('File browse error', { exact: true })).toBeVisible();
  const reason = browseFailure.getByText(/no desktop session|xdg-open/);
  await expect(reason).toBeHidden();
  await browseFailure.getByText('Details', { exact: true }).click();
  await expect(reason).toBeVisible();
  await expect(reason).not.toContainText('File browse error');

  // Removing asks first; with its data, the file goes too.
  await row.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove download' });
  await expect(dialog).toContainText(`Remove ${published.name} from the download list?`);
  await dialog.getByLabel('Also delete the downloaded files').check();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No downloads' })).toBeVisible();
  expect(existsSync(file)).toBe(false);
});

test('the Launch Helper dialog downloads the packed installer from the portal', async ({ page }) => {
  await signIn(page);
  await page.goto('/downloads');
  await page.getByRole('button', { name: /helper status/i }).click();
  const link = page.getByRole('dialog', { name: 'Launch Benchside Helper' }).getByRole('link', {
    name: 'Download installer',
  });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/dl\/helper\/benchside-helper\.tgz$/);
  const installer = await page.request.get(href ?? '');
  expect(installer.status()).toBe(200);
  expect(installer.headers()['content-type']).toBe('application/gzip');
  // A gzip stream: what `npm install -g` or `tar xzf` is given.
  expect([...(await installer.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
});
