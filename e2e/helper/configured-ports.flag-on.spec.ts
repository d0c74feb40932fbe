import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { helperPortsOf } from './configured-ports.ts';

// Runs on the second stack (playwright.support.config.ts), whose HELPER_PORTS are not the spec's.

test('with HELPER_PORTS set, the page finds the helper on those ports, and the browser refuses no probe', async ({
  page,
  baseURL,
}) => {
  const [firstPort] = helperPortsOf(Number(new URL(baseURL ?? '').port));
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      refused.push(message.text());
    }
  });
  await signIn(page);
  await page.goto('/helper');
  await expect(page.getByRole('heading', { level: 1, name: 'Helper panel' })).toBeVisible();
  await expect(page.getByText(`Connected on port ${firstPort}`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Helper status: connected' })).toBeVisible();
  expect(refused).toEqual([]);
});
