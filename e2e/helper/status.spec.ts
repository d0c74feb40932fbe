import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

test('signed in, the topbar shows the helper that npm start runs as connected', async ({ page }) => {
  await signIn(page);
  await page.goto('/cards');
  const status = page.getByRole('button', { name: /helper status: connected/i });
  await expect(status).toBeVisible({ timeout: 15_000 });

  await status.click();
  await expect(page.getByRole('dialog', { name: 'Launch Benchside Helper' })).toBeVisible();
});
