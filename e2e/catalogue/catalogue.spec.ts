import { type DownloadItem, downloadItemSchema } from '@benchside/contracts/helper';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { DEMO_FIRMWARE, downloadDemoFirmware } from '../support/firmwares.ts';

test('a firmware is found by brand, then model, in the demo catalogue', async ({ page }) => {
  await signIn(page);
  await page.goto('/firmwares');
  const brands = page.getByRole('region', { name: 'Brands' });
  await expect(brands.getByRole('button')).toHaveText(['Motorola', 'Nokia', 'Samsung', 'Xiaomi'], {
    timeout: 20_000,
  });
  await brands.getByRole('button', { name: 'Samsung' }).click();

  const models = page.getByRole('region', { name: 'Models' });
  await expect(models.getByRole('button')).toHaveCount(2);
  await models.getByRole('button', { name: /SM-A525F/ }).click();
  await expect(models.getByRole('button', { name: /SM-A525F/ })).toContainText('Benchside Unlock');

  const list = page.getByRole('region', { name: 'Firmwares for Samsung SM-A525F' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list.getByRole('cell', { name: 'SM-A525F_A525FXXU4CVJB.bin', exact: true })).toBeVisible();
  await expect(list.getByRole('cell', { name: '262.1 kB', exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Download SM-A525F_A525FXXU4CVJB.bin' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search models of every brand' }).fill('redmi');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: /Redmi Note 10/ }).click();
  await expect(page.getByRole('cell', { name: 'Redmi-Note-10_V14.0.6.bin', exact: true })).toBeVisible();
});

test('the files tree opens folders, goes back by breadcrumb, and searches names', async ({ page }) => {
  await signIn(page);
  await page.goto('/files');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toContainText('Drivers', { timeout: 20_000 });
  await table.getByRole('button', { name: 'Manuals', exact: true }).click();
  await table.getByRole('button', { name: 'Service', exact: true }).click();
  await expect(table.getByRole('cell', { name: 'test-points.txt', exact: true })).toBeVisible();
  await expect(table.getByText('Not included in your products')).toBeVisible();

  const path = page.getByRole('navigation', { name: 'Folder path' });
  await expect(path.getByRole('listitem')).toHaveText(['All files', 'Manuals', 'Service']);
  await path.getByRole('button', { name: 'Manuals', exact: true }).click();
  await expect(table.getByRole('cell', { name: 'quick-start-guide.txt', exact: true })).toBeVisible();
  await path.getByRole('button', { name: 'All files', exact: true }).click();
  await expect(table.getByRole('button', { name: 'Firmwares', exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search files by name' }).fill('g991');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('button', { name: 'SM-G991B', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'SM-G991B_G991BXXS9FXA1.bin', exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search files by name' }).fill('nothing-like-this');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();
});

test('the tools page lists the tools the user may use, installs one through the helper and runs it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/tools');
  const rows = page.getByRole('table').getByRole('rowheader');
  await expect(rows).toHaveText(['Benchside Flash', 'Benchside Unlock'], { timeout: 20_000 });
  const flash = page.getByRole('row', { name: /Benchside Flash/ });
  // The stack's helper starts on a fresh HELPER_CONFIG_DIR each run: nothing is installed yet.
  await expect(flash.getByText('Not installed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await flash.getByRole('button', { name: 'Install Benchside Flash' }).click();
  await expect(flash.getByText('Installed 1.2.0')).toBeVisible({ timeout: 60_000 });
  await flash.getByRole('button', { name: 'Run Benchside Flash' }).click();
  await expect(page.getByText('Error running tool')).toHaveCount(0);
});

/**
 * The helper's downloads, asked as the web app asks them: on the port the app remembered, from the
 * portal's origin (the helpers of other stacks on this machine refuse it).
 */
async function helperDownloads(page: Page): Promise<DownloadItem[]> {
  const { origins } = await page.context().storageState();
  const port =
    origins.flatMap((origin) => origin.localStorage).find((entry) => entry.name === 'benchside_helper_port')
      ?.value ?? '20051';
  const response = await page.request.post(`http://127.0.0.1:${port}/downloads/list`, {
    data: {},
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  return downloadItemSchema.array().parse(await response.json());
}

test('a firmware is downloaded through the running helper from the local web seed', async ({ page }) => {
  await signIn(page);
  await downloadDemoFirmware(page);
  await expect(page.getByText('Default download folder not selected!')).toHaveCount(0);

  await expect
    .poll(
      async () => {
        const item = (await helperDownloads(page)).find((download) => download.name === DEMO_FIRMWARE);
        return item && { state: item.state, progress: item.progress, downloaded: item.downloaded };
      },
      { timeout: 60_000 },
    )
    .toEqual({ state: 'done', progress: 1, downloaded: 262_144 });
});
