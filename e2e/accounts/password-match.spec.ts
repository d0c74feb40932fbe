import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, signInAs } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mail.ts';

const MISMATCH = 'Password and Confirm Password must match';

/** Types two different passwords and leaves the second field, as a person moving on would. */
async function typeDifferentPasswords(page: Page, newLabel: string, confirmLabel: string) {
  await page.getByLabel(newLabel, { exact: true }).fill('Bench#Repair2026');
  await page.getByLabel(confirmLabel, { exact: true }).fill('Bench#Repair2025');
  await page.getByLabel(confirmLabel, { exact: true }).blur();
}

test('registration says the passwords differ while username and e-mail are still empty', async ({ page }) => {
  await page.goto('/auth/registration');
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await typeDifferentPasswords(page, 'Password', 'Confirm Password');
  await expect(page.getByText(MISMATCH)).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');

  // Correcting the first password clears it at once.
  await page.getByLabel('Password', { exact: true }).fill('Bench#Repair2025');
  await expect(page.getByText(MISMATCH)).toHaveCount(0);
});

test('the reset form says the passwords differ before it is submitted', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'match');
  const requested = await page.request.post('/api/reset-password', {
    data: { email: account.email, urlTo: '/auth/reset-password' },
  });
  expect(requested.ok(), await requested.text()).toBe(true);
  const mail = await waitForMail(page.request, { to: account.email, subject: 'Reset your password' });
  await page.goto(linkIn(mail));
  await typeDifferentPasswords(page, 'New password', 'Confirm Password');
  await expect(page.getByText(MISMATCH)).toBeVisible();
});

test('changing the password says they differ while the current password is still empty', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'matchchg');
  await signInAs(page, account);
  await page.goto('/account/security');
  await typeDifferentPasswords(page, 'New password', 'Confirm new password');
  await expect(page.getByText(MISMATCH)).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
});
