import { expect, type Page, test } from '@playwright/test';
import {
  createTwoFactorAccount,
  createVerifiedAccount,
  signInAs,
  type TestAccount,
  uniqueAccount,
  VERIFY_SUBJECT,
} from '../support/accounts.ts';
import { expectSkipLinkToMain, expectTabOrder, pressUntilFocused } from '../support/keyboard.ts';
import { codeIn, linkIn, waitForMail } from '../support/mail.ts';

const CODE_SUBJECT = 'Your Benchside sign-in code';

/** From wherever the focus is: Tab to the username, type both fields, Enter in the password field. */
async function typeSignInAndPressEnter(page: Page, account: TestAccount): Promise<void> {
  await pressUntilFocused(page, page.getByLabel('Username or email'));
  await page.keyboard.type(account.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(account.password);
  // Sign In stays disabled until the typed form is valid (spec §5); Enter submits only then.
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.keyboard.press('Enter');
}

test('sign in by keyboard alone: skip link, username, password, then Forgot Password? after the field', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, 'kbdsignin');
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await expectSkipLinkToMain(page);

  const username = page.getByLabel('Username or email');
  const password = page.getByLabel('Password');
  await expectTabOrder(page, [page.getByRole('link', { name: 'Create an Account' }), username]);
  await page.keyboard.type(account.username);
  // The password follows the username directly: nothing typed can land on a link in between.
  await expectTabOrder(page, [password]);
  await page.keyboard.type(account.password);
  const signInButton = page.getByRole('button', { name: 'Sign In' });
  // Operable once the typed form is valid (spec §5): only then can Tab reach it.
  await expect(signInButton).toBeEnabled();
  await expectTabOrder(page, [page.getByRole('link', { name: 'Forgot Password?' }), signInButton]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cards$/);
});

test('Enter in the password field signs in', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'kbdenter');
  await page.goto('/auth/login');
  await typeSignInAndPressEnter(page, account);
  await expect(page).toHaveURL(/\/cards$/);
});

test('register by keyboard alone, in the order the fields are shown', async ({ page }) => {
  const account = uniqueAccount('kbdreg');
  await page.goto('/auth/login');
  await pressUntilFocused(page, page.getByRole('link', { name: 'Create an Account' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();

  await pressUntilFocused(page, page.getByLabel('Username', { exact: true }));
  await page.keyboard.type(account.username);
  await expectTabOrder(page, [page.getByLabel('Email', { exact: true })]);
  await page.keyboard.type(account.email);
  await expectTabOrder(page, [page.getByLabel('Password', { exact: true })]);
  await page.keyboard.type(account.password);
  await expectTabOrder(page, [page.getByLabel('Confirm Password')]);
  await page.keyboard.type(account.password);
  const terms = page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' });
  await expectTabOrder(page, [terms]);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  const submit = page.getByRole('button', { name: 'Create Account' });
  await expectTabOrder(page, [page.getByRole('link', { name: 'Terms and Conditions' }), submit]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Thanks for registering!' })).toBeVisible();

  const mail = await waitForMail(page.request, { to: account.email, subject: VERIFY_SUBJECT });
  await page.goto(linkIn(mail));
  await expect(page.getByRole('status')).toHaveText('Your account was successfully verified.');
  await typeSignInAndPressEnter(page, account);
  await expect(page).toHaveURL(/\/cards$/);
});

test('pass two-factor by keyboard alone', async ({ page }) => {
  const account = await createTwoFactorAccount(page, 'kbd2fa');

  await page.goto('/auth/login');
  await typeSignInAndPressEnter(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Verification' })).toBeVisible();
  const mail = await waitForMail(page.request, { to: account.email, subject: CODE_SUBJECT });

  const code = page.getByLabel('Confirmation code');
  await pressUntilFocused(page, code);
  await page.keyboard.type(codeIn(mail));
  await expectTabOrder(page, [
    page.getByRole('button', { name: 'Verify' }),
    page.getByRole('button', { name: 'Resend code' }),
  ]);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cards$/);
});

test('the password dialog of the two-factor switch works by keyboard and gives the focus back to the switch', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, 'kbd2faoff');
  await signInAs(page, account);
  await page.goto('/account/security');
  const toggle = page.getByRole('switch', { name: 'Ask for a code sent by email when I sign in' });
  await pressUntilFocused(page, toggle, { most: 30 });
  await page.keyboard.press('Space');
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'Turn two-factor authentication off' });
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Space');
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeFocused();
});
