import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { signIn } from '../support/auth.ts';

test('a technician filters a model’s firmwares by region and Android, checks the latest build’s SHA-256 and bootloader, and reads the build history', async ({
  page,
  context,
}) => {
  // Granting replaces every grant: the helper's local-network permission must stay in the list.
  await context.grantPermissions(['clipboard-read', 'clipboard-write', 'local-network-access']);
  await signIn(page);
  await page.goto('/firmwares');
  await page.getByRole('region', { name: 'Brands' }).getByRole('button', { name: 'Samsung' }).click({
    timeout: 20_000,
  });
  await page
    .getByRole('region', { name: 'Models' })
    .getByRole('button', { name: /SM-G991B/ })
    .click();

  const list = page.getByRole('region', { name: 'Firmwares for Samsung SM-G991B' });
  const rows = list.getByRole('row');
  // The header and the model's six builds, across EUX, XEF and INS.
  await expect(rows).toHaveCount(7);
  await list.getByLabel('Region').selectOption('EUX');
  await expect(rows).toHaveCount(4);
  await list.getByLabel('Android version').selectOption({ label: 'Android 14' });
  await expect(rows).toHaveCount(3);
  await expect(page).toHaveURL(/region=EUX&android=14/);

  const newest = rows.nth(1);
  await expect(newest.getByRole('cell').first()).toHaveText('SM-G991B_EUX_G991BXXU9EXE1.bin');
  await expect(newest.getByText('Latest', { exact: true })).toBeVisible();
  await expect(newest.getByRole('cell', { name: 'EUX', exact: true })).toBeVisible();
  await expect(newest.getByRole('cell', { name: 'May 20, 2024' })).toBeVisible();
  await expect(rows.nth(2).getByText('Latest', { exact: true })).toHaveCount(0);

  const details = list.getByRole('button', { name: 'Details of SM-G991B_EUX_G991BXXU9EXE1.bin' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const hash = list.locator('.firmware-hash code');
  await expect(hash).toHaveText(/^[0-9a-f]{64}$/);
  await list.getByRole('button', { name: 'Copy the SHA-256 of SM-G991B_EUX_G991BXXU9EXE1.bin' }).click();
  await expect(page.getByText('SHA-256 copied.')).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(await hash.textContent());
  await expect(list.getByRole('note')).toHaveText(
    'Bootloader 9: a device on a newer bootloader cannot flash this, and once flashed a device cannot go back below bootloader 9.',
  );
  await expect(list.getByText('Camera stability improvements.')).toBeVisible();
  await expect(list.locator('.firmware-facts')).toContainText(/Security patch\s*May 1, 2024/);

  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expectNoSeriousA11yViolations(page);

  // The history keeps every build of the model, newest release first, whatever the filters say.
  const history = page.getByRole('region', { name: 'Build history of Samsung SM-G991B' });
  await expect(history.getByRole('listitem')).toHaveText([
    /^May 27, 2024\s*G991BXXU9EXE1\s*Latest\s*XEF · Android 14 · Patch May 1, 2024 · Bootloader 9$/,
    /^May 20, 2024\s*G991BXXU9EXE1\s*Latest\s*EUX/,
    /^Apr 15, 2024\s*G991BXXU9EXD2\s*Latest\s*INS/,
    /^Jan 22, 2024\s*G991BXXS9FXA1\s*EUX/,
    /^Aug 28, 2023\s*G991BXXU8EWH1\s*EUX · Android 13/,
    /^Feb 20, 2023\s*G991BXXU7DWB6\s*XEF/,
  ]);

  // On a phone the page keeps to the screen; the table scrolls inside its own frame.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list.locator('.firmware-hash code')).toBeVisible();
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
    .toBeLessThanOrEqual(390);
});
