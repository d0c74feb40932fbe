import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

// The default stack runs the spec's build: SUPPORT_ENABLED is off.
test('with SUPPORT_ENABLED off there is no support link and /support is an unknown page', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Support' })).toHaveCount(0);

  for (const path of ['/support', '/support/articles/first-sign-in', '/support/ticket']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/error\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seems there is nothing here' })).toBeVisible();
  }
});
