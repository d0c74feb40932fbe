import { expect, test } from '@playwright/test';
import {
  createVerifiedAccount,
  registerThroughApi,
  submitSignInForm,
  uniqueAccount,
  VERIFY_SUBJECT,
} from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mail.ts';

test('register, receive the mail, verify, see the note and sign in', async ({ page }) => {
  const account = uniqueAccount('reg');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Create an Account' }).click();
  await expect(page).toHaveURL(/\/auth\/registration$/);
  // The sign-in form stays on screen until the registration chunk has arrived, and its own field
  // is labelled "Username or Email" too: type only once the registration form is there.
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();

  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('value', '100');
  await page.getByLabel('Confirm Password').fill(account.password);
  const submit = page.getByRole('button', { name: 'Create Account' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Thanks for registering!' })).toBeVisible();
  const firstMail = await waitForMail(page.request, { to: account.email, subject: VERIFY_SUBJECT });

  // Resend: the notice shows, then goes after 3 s, and a second mail arrives.
  await page.getByRole('button', { name: 'Resend' }).click();
  const notice = page.getByText('We sent the confirmation email again.');
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 5_000 });
  const secondMail = await waitForMail(page.request, {
    to: account.email,
    subject: VERIFY_SUBJECT,
    after: firstMail,
  });

  await page.goto(linkIn(secondMail));
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your account was successfully verified.');

  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/cards$/);
});

test('a taken username is named on its field', async ({ page }) => {
  const existing = await createVerifiedAccount(page.request, 'taken');
  const account = uniqueAccount('other');
  await page.goto('/auth/registration');
  await page.getByLabel('Username').fill(existing.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('This username is already taken');
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
});

test('an unverified account cannot sign in and can ask for the mail again', async ({ page }) => {
  const account = uniqueAccount('unverified');
  const registered = await registerThroughApi(page.request, account);
  expect(registered.status()).toBe(201);
  const firstMail = await waitForMail(page.request, { to: account.email, subject: VERIFY_SUBJECT });

  await submitSignInForm(page, account.username, account.password);
  await expect(page.getByRole('alert')).toContainText('Your account is not verified');
  await page.getByRole('link', { name: 'Resend email confirmation' }).click();
  await expect(page).toHaveURL(/\/auth\/resend-email-confirmation$/);

  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'A new confirmation email has been sent if the account exists and is not verified.',
  );
  const resent = await waitForMail(page.request, {
    to: account.email,
    subject: VERIFY_SUBJECT,
    after: firstMail,
  });

  // The older link died when the new one was issued; the new one works.
  await page.goto(linkIn(firstMail));
  await expect(page.getByRole('heading', { name: 'Email verification failed' })).toBeVisible();
  await expect(page.getByText('The verification link is invalid or has expired.')).toBeVisible();
  await page.getByRole('link', { name: 'Resend email' }).click();
  await expect(page).toHaveURL(/\/auth\/resend-email-confirmation$/);

  await page.goto(linkIn(resent));
  await expect(page.getByRole('status')).toHaveText('Your account was successfully verified.');
});

test('the resend form checks the address', async ({ page }) => {
  await page.goto('/auth/resend-email-confirmation');
  await page.getByLabel('Email', { exact: true }).fill('no');
  await page.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(page.getByText('Minimum 3 symbols')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('not-an-address');
  await expect(page.getByText('Wrong email format')).toBeVisible();
});
