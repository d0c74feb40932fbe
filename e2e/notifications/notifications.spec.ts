import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

/**
 * The demo account's seeded notifications (apps/api/src/seed/notifications.ts), newest first: the six
 * newest unread, twelve in all. The steps run in order on that one account, each leaving the state
 * the next one expects, as a user working through the list would.
 */
const CREDITS = 'Credits expiring soon: 20 credits on your card expire at the end of the month.';
const DRIVERS = 'Card reader drivers for Windows 11 were updated.';
const HELPER = 'The Benchside Helper 2.1 is out: faster downloads with resume.';
const REPLY = 'Your support conversation has a new reply.';
const TOOL = 'The unlocking tool was updated to version 4.2 with support for newer models.';
const CREDITS_TOPPED = 'Your card credits were topped up with 50 credits.';
const WELCOME = 'Welcome to Benchside! Your account is ready.';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const row = (page: Page, message: string) =>
  page.getByRole('main').getByRole('listitem', { name: message, exact: true });

/** Opens the page and waits for its list (the first load of a lazy page is slow on a busy machine). */
async function openNotifications(page: Page): Promise<void> {
  await page.goto('/notifications');
  await expect(page.getByRole('navigation', { name: 'Notification pages' })).toBeVisible({ timeout: 15_000 });
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('the bell shows the unread count and a dropdown of the latest five', async ({ page }) => {
  await page.goto('/cards');
  await expect(bell(page)).toHaveAccessibleName('Notifications, unread: 6', { timeout: 15_000 });
  await expect(bell(page)).toContainText('6');
  await bell(page).click();
  const menu = page.locator('.notifications-menu');
  await expect(menu.getByText('Unread: 6 of 12')).toBeVisible();
  const items = menu.locator('.notifications-menu-scroll').getByRole('link');
  await expect(items).toHaveCount(5);
  await expect(items.first()).toContainText(CREDITS);
  await expect(items.nth(4)).toContainText(
    'New firmware packages for Xiaomi Redmi Note models are available.',
  );
  await expect(items.first().getByRole('img', { name: 'Unread' })).toBeVisible();
  await expect(menu.locator('.notifications-menu-scroll')).toHaveCSS('max-height', '325px');
  await expect(menu.getByRole('link', { name: 'View all notifications' })).toBeVisible();
});

test('opening a notification from the bell marks it read through the navigation state', async ({ page }) => {
  await page.goto('/cards');
  await expect(bell(page)).toHaveAccessibleName('Notifications, unread: 6', { timeout: 15_000 });
  await bell(page).click();
  await page.locator('.notifications-menu').getByRole('link', { name: CREDITS }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(row(page, CREDITS)).toBeVisible();
  await expect(row(page, CREDITS).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications, unread: 5');
  expect((await (await page.request.get('/api/notification/unread-count')).json()).unreadCount).toBe(5);
  // The state was used once: a reload does not repeat it and nothing else changes.
  await page.reload();
  await expect(row(page, DRIVERS).getByRole('button', { name: 'Mark as read' })).toBeVisible();
});

test('a failed mark makes the dot blink red for 3 s, then it looks as before', async ({ page }) => {
  await page.route('**/api/notification-to-users/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Internal server error"}',
        })
      : route.fallback(),
  );
  await openNotifications(page);
  await row(page, DRIVERS).getByRole('button', { name: 'Mark as read' }).click();
  const failed = row(page, DRIVERS).getByRole('button', { name: 'Could not mark as read' });
  await expect(failed).toBeVisible();
  const shownAt = Date.now();
  await expect(failed.locator('.notification-dot')).toHaveCSS('background-color', 'rgb(217, 33, 78)');
  await expect(failed).toHaveCount(0, { timeout: 6_000 });
  const blinkedMs = Date.now() - shownAt;
  expect(blinkedMs).toBeGreaterThan(2_000);
  expect(blinkedMs).toBeLessThan(4_500);
  await expect(row(page, DRIVERS).getByRole('button', { name: 'Mark as read' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, unread: 5');
});

test('mark one read with its dot, and the selected ones with the toolbar', async ({ page }) => {
  await openNotifications(page);
  await row(page, DRIVERS).getByRole('button', { name: 'Mark as read' }).click();
  await expect(row(page, DRIVERS).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications, unread: 4');

  await page.getByRole('checkbox', { name: `Select “${HELPER}”` }).check();
  await page.getByRole('checkbox', { name: `Select “${REPLY}”` }).check();
  await expect(page.getByText('Selected: 2')).toBeVisible();
  await page.getByRole('button', { name: 'Mark selected as read' }).click();
  await expect(row(page, HELPER).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(row(page, REPLY).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications, unread: 2');
});

test('pages through the list and deletes the selected ones', async ({ page }) => {
  await openNotifications(page);
  await expect(page.getByText('Page 1 of 2 (12 notifications)')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2 (12 notifications)')).toBeVisible();
  await expect(row(page, WELCOME)).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();

  await page.getByRole('checkbox', { name: `Select “${TOOL}”` }).check();
  await page.getByRole('checkbox', { name: `Select “${CREDITS_TOPPED}”` }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByText('Notifications deleted: 2')).toBeVisible();
  await expect(row(page, TOOL)).toHaveCount(0);
  await expect(page.getByText('Page 1 of 1 (10 notifications)')).toBeVisible();
  await expect(row(page, WELCOME)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.reload();
  await expect(row(page, TOOL)).toHaveCount(0);
});

test('mark all as read clears every dot and the bell count', async ({ page }) => {
  await openNotifications(page);
  await expect(page.getByText('Page 1 of 1 (10 notifications)')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Mark as read' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await bell(page).click();
  await expect(page.locator('.notifications-menu').getByText('Unread: 0 of 10')).toBeVisible();
  await expect(page.locator('.notifications-menu').getByRole('img', { name: 'Unread' })).toHaveCount(0);
});
