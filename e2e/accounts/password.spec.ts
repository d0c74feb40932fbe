import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInAs, submitSignInForm } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mail.ts';

const RESET_SUBJECT = 'Reset your password';
const NEW_PASSWORD = 'Fresh#Bench2027';

test('forgot password: mail, reset, note on sign-in, sign in with the new password', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'forgot');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText('Sent password reset. Please check your email');

  const mail = await waitForMail(page.request, { to: account.email, subject: RESET_SUBJECT });
  const link = linkIn(mail);
  expect(link).toMatch(/^\/auth\/reset-password\?token=/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').click();
  await expect(page.getByText('Minimum 6 symbols')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('value', '100');
  await page.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password and Confirm Password must match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your password was successfully reset.');

  // The link is single use.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The reset password link is invalid. Please try to reset your password again.',
  );

  await submitSignInForm(page, account.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/cards$/);
});

test('the reset page without a token goes to sign-in', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('change the password in the security settings', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'chpw');
  await signInAs(page, account);
  await page.goto('/account/security');

  await page.getByLabel('Current password').fill('Wrong#Password1');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The current password is incorrect' }),
  ).toBeVisible();
  // A wrong password never signs the user out.
  await expect(page).toHaveURL(/\/account\/security$/);

  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await submitSignInForm(page, account.username, account.password);
  await expect(page.getByRole('alert')).toHaveText('The login detail is incorrect');
  await submitSignInForm(page, account.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/cards$/);
});
