import { type Cookie, expect, type Page } from '@playwright/test';

/** The account `npm start` seeds on an empty DATA_DIR. */
export const DEMO_USER = {
  username: 'demo',
  email: 'demo@benchside.test',
  password: 'Demo#Bench2026',
  name: 'Demo Technician',
} as const;

/**
 * The cookies a worker's last sign-in set, by username. A sign-in is a real scrypt verification
 * (N=2^17: 0.3 s on a quick machine, 0.75 s on CI's), and most tests only need to be signed in:
 * sign-in itself is proven by the tests that go through the form (shell/sign-in.spec.ts) and by
 * the account tests, which sign in as accounts of their own.
 */
const signedInCookies = new Map<string, Cookie[]>();

/**
 * Signs in through the API; the session cookie lands in the page's browser context. A session this
 * worker already holds for the user is reused while the server still accepts it.
 */
export async function signIn(page: Page, username: string = DEMO_USER.username): Promise<void> {
  const kept = signedInCookies.get(username);
  if (kept !== undefined) {
    await page.context().addCookies(kept);
    if ((await page.request.get('/api/me')).ok()) return;
  }
  const response = await page.request.post('/api/login', {
    data: { username, password: DEMO_USER.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  // Only what the sign-in set: a cookie the test gave its own context (a language, say) stays its own.
  const setByLogin = new Set(
    response
      .headersArray()
      .filter(({ name }) => name.toLowerCase() === 'set-cookie')
      .map(({ value }) => value.slice(0, value.indexOf('='))),
  );
  const cookies = await page.context().cookies();
  signedInCookies.set(
    username,
    cookies.filter((cookie) => setByLogin.has(cookie.name)),
  );
}

/** Signs in like a user: fills the sign-in form and waits for the landing page. */
export async function signInThroughForm(page: Page, username: string = DEMO_USER.username): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/cards$/);
}
