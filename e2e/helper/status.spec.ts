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

test('with no helper answering, the launch link opens once, 2 s after no connection, and not again in the session', async ({
  page,
}) => {
  test.setTimeout(45_000);
  const launches: number[] = [];
  page.on('request', (request) => {
    if (request.url() === 'benchside-helper://launch') launches.push(Date.now());
  });
  // As if no helper ran: every helper port refuses.
  await page.route(/^http:\/\/127\.0\.0\.1:2005[1-4]\//, (route) => route.abort('connectionrefused'));
  await signIn(page);
  await page.goto('/cards');
  const status = page.getByRole('button', { name: 'Helper status: no connection' });
  await expect(status).toBeVisible({ timeout: 15_000 });
  const shownAt = Date.now();
  await expect.poll(() => launches.length, { timeout: 5_000 }).toBe(1);
  expect((launches[0] ?? 0) - shownAt).toBeGreaterThanOrEqual(1_500);

  await page.reload();
  await expect(status).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(3_000);
  expect(launches).toHaveLength(1);
});
