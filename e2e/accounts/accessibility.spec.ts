import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import {
  createTwoFactorAccount,
  createVerifiedAccount,
  signInAs,
  submitSignInForm,
} from '../support/accounts.ts';
import { waitForApp } from '../support/preferences.ts';

const AUTH_PAGES = [
  ['registration', '/auth/registration', 'Create an Account'],
  ['forgot password', '/auth/forgot-password', 'Forgot Password?'],
  ['resend confirmation', '/auth/resend-email-confirmation', 'Resend Email Confirmation'],
  ['reset password', '/auth/reset-password?token=any', 'Set a New Password'],
] as const;

const ACCOUNT_PAGES = [
  ['overview', '/account/overview', 'Overview'],
  ['settings', '/account/settings', 'Account Settings'],
  ['security', '/account/security', 'Security'],
  ['login history', '/account/login-history', 'Login history'],
] as const;

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const [name, path, heading] of AUTH_PAGES) {
      test(`${name} page has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await waitForApp(page);
        await expectNoSeriousA11yViolations(page);
      });
    }

    test('registration with validation errors has no serious accessibility violations', async ({ page }) => {
      await page.goto('/auth/registration');
      await page.getByLabel('Username').fill('x');
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm Password').fill('abd');
      await page.getByLabel('Username').click();
      await expect(page.getByText('Minimum 3 symbols')).toBeVisible();
      await expect(page.getByText('Minimum 6 symbols')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('two-factor page has no serious accessibility violations', async ({ page }) => {
      const account = await createTwoFactorAccount(page, `a11y2fa${colorScheme}`);
      await submitSignInForm(page, account.username, account.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Verification' })).toBeVisible();
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Confirmation code is required')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('account pages have no serious accessibility violations', async ({ page }) => {
      // Every account page, each analysed by axe: on a busy two-core machine more than 30 s.
      test.slow();
      const account = await createVerifiedAccount(page.request, `a11yacc${colorScheme}`);
      await signInAs(page, account);
      for (const [, path, heading] of ACCOUNT_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await waitForApp(page);
        await expect(page.getByRole('progressbar').or(page.getByRole('status'))).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
      }
    });
  });
}
