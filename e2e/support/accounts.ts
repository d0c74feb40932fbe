import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail.ts';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

let sequence = 0;

/** A username and address no other test (or earlier run on the same data) has used. */
export function uniqueAccount(prefix: string): TestAccount {
  sequence += 1;
  const tag = `${prefix}${Date.now().toString(36)}${sequence}`.toLowerCase();
  return { username: tag, email: `${tag}@example.test`, password: 'Bench#Repair2026' };
}

export const VERIFY_SUBJECT = 'Confirm your e-mail address';

/**
 * An address from the benchmarking range (198.18.0.0/15) for one account's registration, so the
 * suite's many set-up accounts do not use up the per-address e-mail limit (LIMITS.mailIp) that the
 * tests of the limits themselves exercise from 127.0.0.1. The e2e stack trusts loopback as a proxy.
 */
function setUpClientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${octet()}.${octet()}`;
}

/** Registers `account` as the registration form does; its verification link comes by mail. */
export function registerThroughApi(
  request: APIRequestContext,
  account: TestAccount,
  headers?: Record<string, string>,
): Promise<APIResponse> {
  return request.post('/api/register', {
    data: {
      username: account.username,
      email: account.email,
      plainPassword: account.password,
      confirmPassword: account.password,
      acceptTerms: true,
      urlTo: '/auth/verify-email',
    },
    headers,
  });
}

/** Registers through the API and opens the e-mailed verification link: a ready, verified account. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  prefix: string,
): Promise<TestAccount> {
  const account = uniqueAccount(prefix);
  const registered = await registerThroughApi(request, account, { 'X-Forwarded-For': setUpClientAddress() });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(request, { to: account.email, subject: VERIFY_SUBJECT });
  const token = new URL(linkIn(mail), 'http://localhost').searchParams.get('token') ?? '';
  const verified = await request.get('/api/verify/email', { params: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signInAs(page: Page, account: TestAccount, password = account.password): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username: account.username, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills the sign-in form like a user (without waiting for where it lands). */
export async function submitSignInForm(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A verified account with e-mailed two-factor codes on, signed out again: the next sign-in asks for a code. */
export async function createTwoFactorAccount(page: Page, prefix: string): Promise<TestAccount> {
  const account = await createVerifiedAccount(page.request, prefix);
  await signInAs(page, account);
  const me = await (await page.request.get('/api/me')).json();
  const patched = await page.request.patch(`/api/users/edit/${me.id}`, {
    data: JSON.stringify({ userPortal2fa: true }),
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  expect(patched.status()).toBe(200);
  await page.request.get('/api/logout');
  return account;
}
