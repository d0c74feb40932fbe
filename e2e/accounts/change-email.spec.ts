import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInAs, submitSignInForm, uniqueAccount } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mail.ts';

const APPROVE_SUBJECT = 'Change of your e-mail address';
const CONFIRM_SUBJECT = 'Confirm your new e-mail address';

async function startChange(page: import('@playwright/test').Page, password: string, newEmail: string) {
  await page.goto('/account/settings');
  const form = page.getByRole('region', { name: 'Email address' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password').fill(password);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'We sent a confirmation link to your current email address.',
  );
}

test('change the e-mail address with both links', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'chmail');
  const newEmail = uniqueAccount('newaddr').email;
  await signInAs(page, account);

  await page.goto('/account/settings');
  const form = page.getByRole('region', { name: 'Email address' });
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Email change requires a new email and a confirmation password',
  );
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password').fill('Wrong#Password1');
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('alert')).toHaveText('The current password is incorrect');
  await expect(page).toHaveURL(/\/account\/settings$/);

  await startChange(page, account.password, newEmail);
  const approval = await waitForMail(page.request, { to: account.email, subject: APPROVE_SUBJECT });
  expect(linkIn(approval)).toMatch(/^\/account\/change-email\?token=/);
  await page.goto(linkIn(approval));
  await expect(page.getByRole('heading', { name: 'Check your new inbox' })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();

  const confirmation = await waitForMail(page.request, { to: newEmail, subject: CONFIRM_SUBJECT });
  expect(linkIn(confirmation)).toMatch(/^\/account\/confirm-email\?token=/);
  await page.goto(linkIn(confirmation));
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByText('You have successfully changed your email address')).toBeVisible();
  expect((await (await page.request.get('/api/me')).json()).email).toBe(newEmail);
});

test('the change-email page without a token or with a spent one shows the 500 page', async ({ page }) => {
  await page.goto('/account/change-email');
  await expect(page).toHaveURL(/\/error\/500$/);
  await page.goto('/account/change-email?token=not-a-real-token');
  await expect(page).toHaveURL(/\/error\/500$/);
  await expect(page.getByRole('heading', { name: 'System Error' })).toBeVisible();
});

test('confirm-email while signed out comes back to its link after sign-in', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'later');
  const newEmail = uniqueAccount('lateraddr').email;
  await signInAs(page, account);
  await startChange(page, account.password, newEmail);
  const approval = await waitForMail(page.request, { to: account.email, subject: APPROVE_SUBJECT });
  await page.goto(linkIn(approval));
  await expect(page.getByRole('heading', { name: 'Check your new inbox' })).toBeVisible();
  const confirmation = await waitForMail(page.request, { to: newEmail, subject: CONFIRM_SUBJECT });

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(linkIn(confirmation));
  await expect(page).toHaveURL(/\/auth\/login$/);

  await submitSignInForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/account\/confirm-email\?token=/);
  await expect(page.getByText('You have successfully changed your email address')).toBeVisible();
  expect((await (await page.request.get('/api/me')).json()).email).toBe(newEmail);
});
