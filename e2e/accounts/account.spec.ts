import { type Browser, expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, signInAs, submitSignInForm } from '../support/accounts.ts';

test('the account area: tabs, overview and breadcrumbs', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'area');
  await signInAs(page, account);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/settings$/);
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Overview' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Account sections' });
  await tabs.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible();
  await tabs.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
});

test('profile changes persist after a reload', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'profile');
  await signInAs(page, account);
  await page.goto('/account/settings');
  await page.getByLabel('Full name').fill('Ada Fixer');
  await page.getByLabel('Company').fill('Fix-It Ltd');
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Fixer');
  await expect(page.getByLabel('Company')).toHaveValue('Fix-It Ltd');
  await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');
  await expect(page.getByLabel('Country')).toHaveValue('United Kingdom');

  await page.getByLabel('Full name').fill('');
  await page.getByLabel('Company').click();
  await expect(page.getByText('Name is required')).toBeVisible();
});

test('choosing another language in the profile switches the interface', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'lang');
  await signInAs(page, account);
  await page.goto('/account/settings');
  await page.getByLabel('Full name').fill('Jonas Techniker');
  await page.getByLabel('Language').selectOption('de');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoeinstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect((await (await page.request.get('/api/me')).json()).language).toBe('de');
});

test('the login history lists the sign-ins, newest first, failed ones too', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'history');
  await submitSignInForm(page, account.username, 'Wrong#Password1');
  await expect(page.getByRole('alert')).toHaveText('The login detail is incorrect');
  await submitSignInForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/cards$/);

  await page.goto('/account/login-history');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Succeeded');
  await expect(rows.nth(1)).toContainText('Chrome');
  await expect(rows.nth(1)).toContainText('127.0.0.1');
  await expect(rows.nth(2)).toContainText('Failed');
  await expect(page.getByText('Page 1 of 1 (2 entries)')).toBeVisible();
});

/**
 * A new account signed in here and in a second browser, on its security page's devices list (a
 * header row, then a row a session).
 */
async function signedInOnTwoBrowsers(page: Page, browser: Browser, prefix: string) {
  const account = await createVerifiedAccount(page.request, prefix);
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signInAs(otherPage, account);
  await signInAs(page, account);

  await page.goto('/account/security');
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByRole('row')).toHaveCount(3);
  return { otherContext, otherPage, devices };
}

test('devices: sign out everywhere else', async ({ page, browser }) => {
  const { otherContext, otherPage, devices } = await signedInOnTwoBrowsers(page, browser, 'devices');
  await expect(devices.getByText('This device')).toHaveCount(1);
  await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('You have been signed out on every other device.')).toBeVisible();
  await expect(devices.getByRole('row')).toHaveCount(2);
  await expect(devices.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  expect((await otherPage.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await otherContext.close();
});

test('devices: sign out one device', async ({ page, browser }) => {
  const { otherContext, otherPage, devices } = await signedInOnTwoBrowsers(page, browser, 'onedev');
  await devices.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('The device has been signed out.')).toBeVisible();
  await expect(devices.getByRole('row')).toHaveCount(2);
  expect((await otherPage.request.get('/api/me')).status()).toBe(401);
  await otherContext.close();
});
