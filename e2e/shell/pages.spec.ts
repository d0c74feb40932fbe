import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { readClientConfig, scrollPosition } from '../support/preferences.ts';

test('404 page: its words and Return Home', async ({ page }) => {
  await page.goto('/error/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Seems there is nothing here' })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Benchside' })).toBeVisible();
});

test('500 page: its words and Go to homepage', async ({ page }) => {
  await page.goto('/error/500');
  await expect(page.getByRole('heading', { level: 1, name: 'System Error' })).toBeVisible();
  await expect(page.getByText('Something went wrong! Please try again later.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Return Home takes a signed-in user to /cards', async ({ page }) => {
  await signIn(page);
  await page.goto('/error/404');
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/cards$/);
});

test('policy page: title, date and the configured contact e-mail', async ({ page }) => {
  await page.goto('/policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated January 23, 2023')).toBeVisible();
  const { contactEmail } = await readClientConfig(page);
  expect(typeof contactEmail).toBe('string');
  const contact = page.getByRole('link', { name: String(contactEmail) });
  await expect(contact).toBeVisible();
  await expect(contact).toHaveAttribute('href', `mailto:${contactEmail}`);
  await expect(
    page.getByRole('heading', { name: 'The Benchside Helper and its License Agreement' }),
  ).toBeVisible();
});

test('the footer links to the policy', async ({ page }) => {
  await signIn(page);
  await page.goto('/cards');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Benchside`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Policy' }).click();
  await expect(page).toHaveURL(/\/policy$/);
});

test('a chunk that fails to load shows the failure page with Retry', async ({ page }) => {
  await page.route(/\/assets\/policy-page-[^/]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/policy');
  await expect(page.getByRole('heading', { level: 1, name: 'The page could not be loaded' })).toBeVisible();
  await page.unroute(/\/assets\/policy-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test('the helper status opens the Launch Helper dialog', async ({ page }) => {
  await signIn(page);
  await page.goto('/cards');
  await page.getByRole('button', { name: /^Helper status: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Launch Benchside Helper' });
  await expect(dialog).toBeVisible();
  const config = await readClientConfig(page);
  await expect(dialog.getByRole('link', { name: 'Launch Helper' })).toHaveAttribute(
    'href',
    String(config.helperLaunchUrl),
  );
  await expect(dialog.getByRole('link', { name: 'Download installer' })).toHaveAttribute(
    'href',
    String(config.helperInstallerUrl),
  );
  await dialog.getByRole('link', { name: 'License Agreement' }).click();
  await expect(page).toHaveURL(/\/policy$/);
  await expect(dialog).toBeHidden();
});

test('the scroll-to-top button appears after 200 px and scrolls back up', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 320 });
  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  const scrollTop = page.getByRole('button', { name: 'Scroll to top' });
  await page.mouse.wheel(0, 150);
  await expect.poll(() => scrollPosition(page)).toBe(150);
  await expect(scrollTop).toHaveCount(0);
  await page.mouse.wheel(0, 100);
  await expect(scrollTop).toBeVisible();
  await scrollTop.click();
  await expect.poll(() => scrollPosition(page)).toBe(0);
});
