import { expect, type Page } from '@playwright/test';

/** The account `npm start` seeds on an empty DATA_DIR. */
export const DEMO_USER = {
  username: 'demo',
  email: 'demo@benchside.test',
  password: 'Demo#Bench2026',
  name: 'Demo Technician',
} as const;

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signIn(page: Page, username: string = DEMO_USER.username): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username, password: DEMO_USER.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in like a user: fills the sign-in form and waits for the landing page. */
export async function signInThroughForm(page: Page, username: string = DEMO_USER.username): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/cards$/);
}
