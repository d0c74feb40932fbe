import { expect, test } from '@playwright/test';
import { DEMO_USER, signInThroughForm } from '../support/auth.ts';

test('sign in with the demo account through the form, then sign out', async ({ page }) => {
  await signInThroughForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText(DEMO_USER.name)).toBeVisible();
  await expect(page.getByText(DEMO_USER.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account Settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign Out' }).click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.goto('/cards');
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('sign in with the e-mail address', async ({ page }) => {
  await signInThroughForm(page, DEMO_USER.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
});

test('Sign In stays disabled until the form is changed and valid', async ({ page }) => {
  await page.goto('/auth/login');
  const submit = page.getByRole('button', { name: 'Sign In' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Username or email').fill('de');
  await page.getByLabel('Password').click();
  await expect(page.getByText('Minimum 3 symbols')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Username or email').fill('');
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.getByLabel('Username or email').fill(DEMO_USER.username);
  await page.getByLabel('Password').fill('abc');
  await expect(submit).toBeEnabled();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(DEMO_USER.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('The login detail is incorrect');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the sign-in page links to registration and password reset', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveAttribute(
    'href',
    '/auth/registration',
  );
  await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
    'href',
    '/auth/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/policy');
});
