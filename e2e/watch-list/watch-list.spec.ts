import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/a11y.ts';
import { createVerifiedAccount, signInAs } from '../support/accounts.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a technician watches a model, hears of its new firmware in the bell, and manages the watch list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Its own account: the demo's notifications stay as the notification tests expect them.
  const account = await createVerifiedAccount(page.request, 'watch');
  await signInAs(page, account);
  await page.goto('/firmwares');
  await page.getByRole('region', { name: 'Brands' }).getByRole('button', { name: 'Xiaomi' }).click({
    timeout: 20_000,
  });
  await page
    .getByRole('region', { name: 'Models' })
    .getByRole('button', { name: /Redmi Note 10/ })
    .click();

  const watch = page.getByRole('button', {
    name: 'Watch Xiaomi Redmi Note 10: tell me when something new is published',
  });
  await expect(watch).toHaveAttribute('aria-pressed', 'false');
  await watch.click();
  await expect(page.getByText('You are now watching Xiaomi Redmi Note 10.')).toBeVisible();
  const watching = page.getByRole('button', { name: 'Watching Xiaomi Redmi Note 10: stop watching' });
  await expect(watching).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Open my watch list' })).toBeVisible();

  // The vendor publishes a new build of the model with the operator's `publish` command.
  const file = `Redmi-Note-10_V14-${Date.now().toString(36)}.zip`;
  const published = await page.request.post('/api/test/publish', {
    data: {
      file,
      args: ['--kind', 'firmware', '--brand', 'Xiaomi', '--model', 'Redmi Note 10', '--version', 'V14.0.8.0'],
    },
  });
  expect(published.status(), await published.text()).toBe(200);

  // The bell's dropdown loads the latest notifications when it opens (the count follows its poll).
  await bell(page).click();
  const message = `New firmware for Xiaomi Redmi Note 10: ${file}`;
  const inBell = page.locator('.notifications-menu').getByRole('link').filter({ hasText: message });
  await expect(inBell).toBeVisible({ timeout: 15_000 });
  await inBell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.getByRole('main').getByRole('link', { name: message }).click();
  await expect(page).toHaveURL(/\/firmwares\?brand=Xiaomi&model=Redmi\+Note\+10$/);
  // The catalogue's lists are cached for a while in the page; a fresh load lists the new build.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Firmwares for Xiaomi Redmi Note 10' })
      .getByRole('row', { name: new RegExp(`^${file.replace(/\./g, '\\.')}`) }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(watching).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('link', { name: 'Watch list', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watch list' })).toBeVisible();
  const item = page.getByRole('listitem', { name: 'Xiaomi Redmi Note 10' });
  await expect(item).toContainText('Model');
  await expect(item).toContainText(/Watching since \w{3} \d{1,2}, \d{4}/);
  await expect(item).toContainText('Last new package');
  await expect(item).toContainText('V14.0.8.0');
  await expect(page.getByText('Page 1 of 1 (1 in all)')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'watch-list');

  // On a phone the list keeps to the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(item.getByRole('button', { name: 'Stop watching Xiaomi Redmi Note 10' })).toBeVisible();
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
    .toBeLessThanOrEqual(390);

  await item.getByRole('button', { name: 'Stop watching Xiaomi Redmi Note 10' }).click();
  await expect(page.getByText('You no longer watch Xiaomi Redmi Note 10.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are not watching anything yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are not watching anything yet' })).toBeVisible({
    timeout: 15_000,
  });

  await page.getByRole('button', { name: 'User menu' }).click();
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: /^German/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beobachtungsliste' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sie beobachten noch nichts' })).toBeVisible();
});
