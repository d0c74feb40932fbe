import { expect, type Page, test } from '@playwright/test';
import { type GoogleClaims, googleSigner } from '../../apps/api/test/fake-providers.ts';
import { createVerifiedAccount, signInAs, uniqueAccount } from '../support/accounts.ts';
import { DEMO_USER } from '../support/auth.ts';
import { linkIn, waitForMail } from '../support/mail.ts';
import { E2E_GOOGLE_CLIENT_ID, fakeGoogleIssuer, PRIVATE_JWK_ENV } from './fake-google.ts';

const issuer = fakeGoogleIssuer(Number(process.env.E2E_PORT ?? 18080));

/** Signs an ID token with the key the stack's fake issuer publishes. */
async function idToken(claims: GoogleClaims, options?: { audience?: string }): Promise<string> {
  const privateJwk = process.env[PRIVATE_JWK_ENV];
  if (!privateJwk) throw new Error(`${PRIVATE_JWK_ENV} is not set: is e2e/social/global-setup.ts running?`);
  const signer = await googleSigner(issuer, E2E_GOOGLE_CLIENT_ID, JSON.parse(privateJwk));
  return signer.sign(claims, options);
}

/**
 * Google's script cannot load offline, so the browser gets a tiny stand-in at its address: the same
 * `google.accounts.id` calls, and a button whose click hands our callback the ID token of the test.
 * Everything after the click (the API's signature, issuer, audience and expiry checks) is real.
 */
async function stubGoogleIdentity(page: Page, credential: () => string): Promise<void> {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { id: {
        initialize(options) {
          if (options.client_id !== ${JSON.stringify(E2E_GOOGLE_CLIENT_ID)}) throw new Error('wrong client id');
          window.__gis = options;
        },
        renderButton(parent, options) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = options.text === 'continue_with' ? 'Continue with Google' : 'Sign in with Google';
          button.addEventListener('click', () => window.__gis.callback({ credential: ${JSON.stringify(credential())} }));
          parent.replaceChildren(button);
        },
      } } };`,
    }),
  );
}

async function signInWithGoogle(page: Page, credential: string): Promise<void> {
  await stubGoogleIdentity(page, () => credential);
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
}

test('Google sign-in with a confirmed new address lands on /cards', async ({ page }) => {
  const account = uniqueAccount('gnew');
  await signInWithGoogle(
    page,
    await idToken({
      sub: `g-${account.username}`,
      email: account.email,
      email_verified: true,
      name: 'Gail Google',
    }),
  );
  await expect(page).toHaveURL(/\/cards$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText('Gail Google')).toBeVisible();
});

test('without an e-mail from Google: the verifying page asks for one, mails a link, then Google signs in', async ({
  page,
}) => {
  const account = uniqueAccount('gnomail');
  const credential = await idToken({ sub: `g-${account.username}`, name: 'Nora' });
  await signInWithGoogle(page, credential);
  await expect(page).toHaveURL(/\/auth\/login\/verifying$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Wrong email format')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Check your mailbox: we sent a link to ${account.email}. Your account is created when you open it; then sign in with Google again.`,
  );

  // Not usable yet: the same Google sign-in asks for the address again.
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/verifying$/);

  const mail = await waitForMail(page.request, {
    to: account.email,
    subject: 'Confirm your e-mail address to sign in with Google',
  });
  await page.goto(linkIn(mail));
  await expect(page.getByText('Your account was successfully verified.')).toBeVisible();
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/cards$/);
});

test('the verifying page without provider data goes back to sign-in', async ({ page }) => {
  await page.goto('/auth/login/verifying');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test("an existing account's address: the server's 406 message shows, hidden after 10 s", async ({ page }) => {
  await signInWithGoogle(
    page,
    await idToken({ sub: 'g-not-demo', email: DEMO_USER.email, email_verified: true }),
  );
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('An account with this e-mail address already exists.');
  await expect(alert).toContainText('link Google under Account Settings');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(alert).toBeHidden({ timeout: 12_000 });
});

test("a token the server refuses (another audience) shows 'Unknown error with Google.'", async ({ page }) => {
  const credential = await idToken(
    { sub: 'g-wrong-aud', email: 'wrong-aud@example.test', email_verified: true },
    { audience: 'someone-else.apps.googleusercontent.com' },
  );
  await signInWithGoogle(page, credential);
  await expect(page.getByRole('alert')).toHaveText('Unknown error with Google.');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('without FACEBOOK_APP_ID there is no Facebook button', async ({ page }) => {
  await signInWithGoogle(page, 'unused');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: /facebook/i })).toHaveCount(0);
});

test('link Google in the account settings, sign in with it, then unlink it', async ({ page, browser }) => {
  const account = await createVerifiedAccount(page.request, 'glink');
  const credential = await idToken({
    sub: `g-${account.username}`,
    email: 'other.google@example.test',
    email_verified: true,
  });
  await stubGoogleIdentity(page, () => credential);
  await signInAs(page, account);
  await page.goto('/account/settings');
  const section = page.getByRole('region', { name: 'Linked sign-in methods' });
  await expect(section.getByText('Not linked')).toBeVisible();
  await section.getByRole('button', { name: 'Continue with Google' }).click();
  // Linking asks for the current password first (issue 15).
  const dialog = page.getByRole('dialog', { name: 'Link Google' });
  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Link Google' }).click();
  await expect(page.getByText('Google is now linked to your account.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(/Linked as other\.google@example\.test since/)).toBeVisible();

  // Another browser signs in to this account with Google, though Google's address differs.
  const other = await browser.newPage();
  await signInWithGoogle(other, credential);
  await expect(other).toHaveURL(/\/cards$/);
  await other.getByRole('button', { name: 'User menu' }).click();
  await expect(other.getByText(account.email)).toBeVisible();
  await other.close();

  await section.getByRole('button', { name: 'Unlink Google' }).click();
  // Unlinking asks for the current password too; a wrong one is refused in the dialog.
  const unlinkDialog = page.getByRole('dialog', { name: 'Unlink Google' });
  await unlinkDialog.getByLabel('Current password').fill('Wrong#Bench2026');
  await unlinkDialog.getByRole('button', { name: 'Unlink Google' }).click();
  await expect(unlinkDialog.getByRole('alert')).toHaveText('The current password is incorrect');
  await unlinkDialog.getByLabel('Current password').fill(account.password);
  await unlinkDialog.getByRole('button', { name: 'Unlink Google' }).click();
  await expect(page.getByText('Google was unlinked from your account.')).toBeVisible();
  await waitForMail(page.request, { to: account.email, subject: 'Google was unlinked from your account' });
  await expect(section.getByText('Not linked')).toBeVisible();
});
