import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { signIn } from '../support/auth.ts';
import { waitForApp } from '../support/preferences.ts';

// Reads only: the demo account's notifications stay as notifications.spec.ts expects them.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the notifications page and the open bell have no serious accessibility violations', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto('/notifications');
      await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('button', { name: 'Mark as read' }).first(),
      ).toBeVisible();
      await waitForApp(page);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('link', { name: 'View all notifications' })).toBeVisible();
      await expect(page.locator('.notifications-menu-scroll').getByRole('link')).toHaveCount(5);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
