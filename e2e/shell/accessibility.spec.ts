import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { signIn } from '../support/auth.ts';
import { waitForApp } from '../support/preferences.ts';

const PUBLIC_PAGES = [
  ['welcome', '/', 'Welcome to Benchside'],
  ['sign-in', '/auth/login', 'Sign In'],
  ['policy', '/policy', 'Privacy Policy'],
  ['404', '/error/404', 'Seems there is nothing here'],
  ['500', '/error/500', 'System Error'],
] as const;

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const [name, path, heading] of PUBLIC_PAGES) {
      test(`${name} page has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await waitForApp(page);
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
        await expectNoSeriousA11yViolations(page);
      });
    }

    test('signed-in /cards page has no serious accessibility violations', async ({ page }) => {
      await signIn(page);
      await page.goto('/cards');
      await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
      await waitForApp(page);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
      await expectNoSeriousA11yViolations(page);
    });

    test('sign-in page with validation errors has no serious accessibility violations', async ({ page }) => {
      await page.goto('/auth/login');
      await page.getByLabel('Username or email').fill('x');
      await page.getByLabel('Password').click();
      await page.getByLabel('Username or email').click();
      await expect(page.getByText('Password is required')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('the accessibility check fails on a serious violation, in the page or in a frame of it', async ({
  page,
}) => {
  const unnamedImage = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
  const htmlPage = (body: string) =>
    `<!doctype html><html lang="en"><title>t</title><main>${body}</main></html>`;
  await page.setContent(htmlPage(unnamedImage));
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/image-alt/);

  await page.setContent(htmlPage(`<iframe title="frame" srcdoc='${htmlPage(unnamedImage)}'></iframe>`));
  await expect(page.frames()).toHaveLength(2);
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/image-alt/);
});
