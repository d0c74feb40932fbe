import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInAs, submitSignInForm } from '../support/accounts.ts';
import { codeIn, waitForMail } from '../support/mail.ts';

const CODE_SUBJECT = 'Your Benchside sign-in code';

test('/auth/2fa without a pending sign-in goes back to sign-in', async ({ page }) => {
  await page.goto('/auth/2fa');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('turn on two-factor, then sign in with the e-mailed code', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'twofa');
  await signInAs(page, account);
  await page.goto('/account/security');
  const toggle = page.getByRole('switch', { name: 'Ask for a code sent by email when I sign in' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await page.goto('/account/overview');
  await expect(page.getByText('On (code by email)')).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await submitSignInForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/auth\/2fa$/);
  const firstMail = await waitForMail(page.request, { to: account.email, subject: CODE_SUBJECT });

  const code = page.getByLabel('Confirmation code');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Confirmation code is required')).toBeVisible();
  const wrong = codeIn(firstMail) === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid confirmation code');

  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText('We sent you a new code.')).toBeVisible();
  const secondMail = await waitForMail(page.request, {
    to: account.email,
    subject: CODE_SUBJECT,
    after: firstMail,
  });

  await code.fill(codeIn(secondMail));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/cards$/);
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).userPortal2fa).toBe(true);
});

test('turning two-factor off asks for the current password in a dialog and mails a notice', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, 'twofaoff');
  await signInAs(page, account);
  await page.goto('/account/security');
  const toggle = page.getByRole('switch', { name: 'Ask for a code sent by email when I sign in' });
  await toggle.check();
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();

  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Turn two-factor authentication off' });
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password is required');
  await dialog.getByLabel('Current password').fill('Wrong#Bench2026');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The current password is incorrect');
  await expect(toggle).toBeChecked();

  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(toggle).not.toBeChecked();
  await waitForMail(page.request, { to: account.email, subject: 'Two-factor sign-in was turned off' });
});
