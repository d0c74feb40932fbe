import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

// Runs on the SUPPORT_ENABLED=true stack (playwright.support.config.ts) over the demo seed's articles.

test('search as you type finds and highlights an article, which opens to read', async ({ page }) => {
  await signIn(page);
  await page.goto('/cards');
  await page.getByRole('link', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();

  await page.getByLabel('Search the knowledge base').pressSequentially('batt', { delay: 40 });
  await expect(page).toHaveURL(/\?q=batt$/);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByText('Articles found: 2')).toBeVisible();
  const first = results.getByRole('listitem').first();
  await expect(first.getByRole('link')).toHaveText('Phone battery not charging after a repair');
  await expect(first.locator('mark').first()).toHaveText('battery');

  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/support\/articles\/phone-battery-not-charging$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Phone battery not charging after a repair' }),
  ).toBeVisible();
  await expect(page.getByRole('article').getByText('charging IC')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Troubleshooting' })).toBeVisible();

  await page.goBack();
  await expect(page.getByLabel('Search the knowledge base')).toHaveValue('batt');
  await expect(results.getByText('Articles found: 2')).toBeVisible();
});

test('a search without matches says so', async ({ page }) => {
  await signIn(page);
  await page.goto('/support');
  await page.getByLabel('Search the knowledge base').fill('zzzyxx');
  await expect(
    page.getByText('No article matches “zzzyxx”. Try other words, or open a ticket.'),
  ).toBeVisible();
});

test('browse a category and read an article', async ({ page }) => {
  await signIn(page);
  await page.goto('/support');
  await page.getByRole('link', { name: /Smart cards/ }).click();
  const list = page.getByRole('region', { name: 'Smart cards' });
  await expect(list.getByRole('link')).toHaveText([
    'Activate a smart card',
    'Card reader does not detect the card',
    'Transfer credits between cards',
  ]);
  await list.getByRole('link', { name: 'Activate a smart card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activate a smart card' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('listitem')).toHaveCount(3);
  await page.getByRole('link', { name: 'Back to support' }).click();
  await expect(page).toHaveURL(/\/support$/);
});
