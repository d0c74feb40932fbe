import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

// Runs on the SUPPORT_ENABLED=true stack (playwright.support.config.ts): articles join the header search.

test('the header search finds knowledge-base articles beside the catalogue, and Enter opens one', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const field = page.getByRole('combobox', { name: 'Search firmwares, tools, files and articles' });
  await expect(field).toBeFocused();
  await field.fill('battery');
  const article = page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: /^Article\s*Phone battery not charging after a repair/ });
  await expect(article).toBeVisible();
  const index = Number(await article.getAttribute('data-index'));
  for (let step = 0; step <= index; step += 1) await page.keyboard.press('ArrowDown');
  await expect(article).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/support\/articles\/phone-battery-not-charging$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Phone battery not charging after a repair' }),
  ).toBeVisible();
});
