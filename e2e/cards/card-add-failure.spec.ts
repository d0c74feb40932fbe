import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInAs } from '../support/accounts.ts';

test('a refused card add is said once, in the reader’s language, beside the readers', async ({ page }) => {
  const account = await createVerifiedAccount(page.request, 'cardfail');
  await signInAs(page, account);
  await page.goto('/cards/add');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: /^German/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Karte hinzufügen' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The helper's validation is sent for another card than the one it proves: the API refuses it.
  await page.route('**/api/card/validate', (route) =>
    route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), card: 'BSC-000999' }) }),
  );
  const refusal = page.waitForResponse('**/api/card/validate');
  await page.getByRole('button', { name: 'Karte validieren' }).click();
  expect((await refusal).status()).toBe(400);

  const message = page.getByText('Diese Kartenprüfung gehört zu einer anderen Karte');
  await expect(message).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ has: message })).toBeVisible();
  // A toast would follow within a moment, once its chunk has loaded: give it the time, then count.
  await page.waitForTimeout(1_500);
  await expect(message).toHaveCount(1);
  await expect(page.getByText('The card validation belongs to another card')).toHaveCount(0);
});
