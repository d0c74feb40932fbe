import { expect, type Page } from '@playwright/test';

/** The demo catalogue's Samsung SM-A525F firmware, small enough to download from the local web seed in a blink. */
export const DEMO_FIRMWARE = 'SM-A525F_A525FXXU4CVJB.bin';

/**
 * On /firmwares, once the helper is found: Samsung, then SM-A525F, then Download. Returns when the
 * page says the helper has the download.
 */
export async function downloadDemoFirmware(page: Page): Promise<void> {
  await page.goto('/firmwares');
  // The helper found and connected, so the page knows its port.
  await expect(page.getByRole('button', { name: /helper status: connected/i })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('region', { name: 'Brands' }).getByRole('button', { name: 'Samsung' }).click();
  await page
    .getByRole('region', { name: 'Models' })
    .getByRole('button', { name: /SM-A525F/ })
    .click();
  await page.getByRole('button', { name: `Download ${DEMO_FIRMWARE}` }).click();
  await expect(page.getByText(`${DEMO_FIRMWARE} was added to your downloads.`)).toBeVisible();
}
