import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

test.describe('signed out', () => {
  test('the welcome page links to sign in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Benchside' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
    const signInLink = page.getByRole('main').getByRole('link', { name: 'Sign in' });
    await expect(signInLink).toHaveAttribute('href', '/auth');
    await signInLink.click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  test('/auth opens the sign-in form', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  for (const path of [
    '/cards',
    '/firmwares',
    '/account/settings',
    '/notifications',
    '/no/such/page',
    '/auth/unknown',
  ]) {
    test(`${path} redirects to the sign-in form`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    });
  }

  test('redirects replace the history entry', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Benchside' })).toBeVisible();
    await page.goto('/cards');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Benchside' })).toBeVisible();
  });

  for (const [path, heading] of [
    ['/policy', 'Privacy Policy'],
    ['/error/404', 'Seems there is nothing here'],
    ['/error/500', 'System Error'],
  ] as const) {
    test(`${path} is public`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('the index lands on /cards, replacing the history entry', async ({ page }) => {
    await page.goto('/policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/cards$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/policy$/);
  });

  for (const path of ['/', '/auth', '/auth/login', '/auth/registration']) {
    test(`${path} redirects to /cards`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/cards$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
    });
  }

  for (const path of ['/no/such/page', '/cardz', '/account/unknown']) {
    test(`${path} redirects to /error/404`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/error\/404$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Seems there is nothing here' }),
      ).toBeVisible();
    });
  }

  test('/account opens the account settings', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  });

  test('the header menu reaches every signed-in page with its title and breadcrumbs', async ({ page }) => {
    await page.goto('/cards');
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [name, path] of [
      ['Cards', '/cards'],
      ['Firmwares', '/firmwares'],
      ['Tools', '/tools'],
      ['Files', '/files'],
      ['Downloads', '/downloads'],
    ] as const) {
      await menu.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumbs.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(breadcrumbs.getByText(name, { exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveCount(0);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('link', { name: 'View all notifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  });

  for (const [path, heading] of [
    ['/policy', 'Privacy Policy'],
    ['/error/404', 'Seems there is nothing here'],
    ['/error/500', 'System Error'],
  ] as const) {
    test(`${path} stays reachable`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
});
