import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInAs } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mail.ts';

test('a reset-password link opened while signed in is offered back on /cards, then opens signed out', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, 'linkwhilein');
  const reset = await page.request.post('/api/reset-password', {
    data: { email: account.email, urlTo: '/auth/reset-password' },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  const link = linkIn(await waitForMail(page.request, { to: account.email, subject: 'Reset your password' }));
  expect(link).toMatch(/^\/auth\/reset-password\?token=/);

  await signInAs(page, account);
  await page.goto(link);
  await expect(page).toHaveURL(/\/cards$/);
  const notice = page.getByRole('region', { name: 'This link is for signed-out use' });
  await expect(notice).toContainText(
    'You opened a password reset link while signed in. It works only when you are signed out.',
  );
  await notice.getByRole('button', { name: 'Sign out and open the link' }).click();

  await expect(page).toHaveURL(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(401);
});

test('a verify-email link opened while signed in can be left for later without signing out', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, 'verifywhilein');
  await signInAs(page, account);
  await page.goto('/auth/verify-email?token=not-spent');
  await expect(page).toHaveURL(/\/cards$/);
  const notice = page.getByRole('region', { name: 'This link is for signed-out use' });
  await expect(notice).toContainText(
    'You opened an e-mail verification link while signed in. It works only when you are signed out.',
  );
  await notice.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
  await expect(notice).toBeHidden();
});
