import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

test('a technician finds SM-A525F, sees what Unlock costs with which product, and goes to its firmwares and back', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/cards');
  // On a wide screen it sits in the Catalogue mega menu, beside the firmwares.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Catalogue' })
    .click();
  await page.getByRole('link', { name: 'Supported models' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Supported models' })).toBeVisible();

  const searchBox = page.getByRole('searchbox', { name: 'Search by model name or code' });
  await searchBox.fill('A525');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list').filter({ has: page.getByRole('link', { name: /Galaxy/ }) });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('listitem')).toContainText('SM-A525F, SM-A525M');

  await searchBox.fill('SM-A525F');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/supported-models\?q=SM-A525F$/);
  await page.getByRole('link', { name: 'Samsung Galaxy A52' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy A52' })).toBeVisible();
  const unlock = page.getByRole('row', { name: /^Unlock\b/ });
  await expect(unlock.getByRole('cell')).toHaveText(['Unlock Pro', '3 credits']);
  await expect(page.getByRole('row', { name: /^FRP removal/ }).getByRole('cell')).toHaveText([
    'FRP Tool',
    '2 credits',
  ]);
  await expect(page.getByRole('row', { name: /^Read info/ }).getByRole('cell')).toHaveText([
    'Repair Suite',
    'Free',
  ]);

  await page.getByRole('link', { name: 'Firmwares for Samsung SM-A525F' }).click();
  await expect(page).toHaveURL(/\/firmwares\?brand=Samsung&model=SM-A525F$/);
  const list = page.getByRole('region', { name: 'Firmwares for Samsung SM-A525F' });
  await expect(list.getByRole('cell', { name: 'SM-A525F_A525FXXU4CVJB.bin', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Supported functions and prices for SM-A525F' }).click();
  await expect(page).toHaveURL(/\/supported-models\?brand=Samsung&q=SM-A525F$/);
  await page.getByRole('link', { name: 'Samsung Galaxy A52' }).click();
  await expect(page.getByRole('row', { name: /^Unlock\b/ })).toContainText('3 credits');

  await page.getByRole('link', { name: 'Files for SM-A525F' }).click();
  await expect(page.getByRole('cell', { name: 'SM-A525F_A525FXXU4CVJB.bin', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Supported functions and prices for SM-A525F' }).click();
  await expect(page.getByRole('link', { name: 'Samsung Galaxy A52' })).toBeVisible();
});

test('the supported models fit a 390 px phone screen in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page);
  await page.goto('/cards');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Supported models' })
    .click();
  await page.getByRole('combobox', { name: 'Brand' }).selectOption('Samsung');
  await expect(page).toHaveURL(/\/supported-models\?brand=Samsung$/);
  await expect(page.getByRole('link', { name: 'Samsung Galaxy S22 Ultra' })).toBeVisible();
  await page.getByRole('link', { name: 'Samsung Galaxy S22 Ultra' }).click();
  await expect(page.getByRole('row', { name: /^Repair IMEI/ })).toContainText(
    'needs the combination firmware',
  );
  // An expression: the e2e sources are type-checked without the DOM library.
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
});
