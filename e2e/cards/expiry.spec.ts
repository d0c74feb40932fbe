import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const REMINDER = /The support licence of card BSC-000101 expires in 25 days, on /;

/**
 * The demo account's seeded expiries (apps/api/src/seed/cards.ts): card BSC-000101's support
 * licence in about 60 days, Repair Suite and an Unlock Pro credit pack in about 20, FRP Tool in about
 * 5, Data Rescue bought but not activated, and an FRP Tool pack that ended 5 days ago.
 */
test('the cards page counts down to each expiry, the reminder job notifies in the bell, and the e-mail opt-out saves', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/cards');

  const first = page.getByRole('article', { name: 'BSC-000101' });
  await expect(first).toContainText('Support licence', { timeout: 15_000 });
  await expect(first).toContainText('expires in 60 days');
  const firstProducts = first.getByRole('list', { name: 'Products' });
  await expect(firstProducts.getByRole('listitem').filter({ hasText: 'Repair Suite' })).toContainText(
    'expires in 20 days',
  );
  const second = page.getByRole('article', { name: 'BSC-000102' });
  const products = second.getByRole('list', { name: 'Products' });
  // Within a week: the warning badge.
  const frp = products.getByRole('listitem').filter({ hasText: 'FRP Tool' });
  await expect(frp.locator('.badge.text-bg-warning')).toHaveText('expires in 5 days');
  const dataRescue = products.getByRole('listitem').filter({ hasText: 'Data Rescue' });
  await expect(dataRescue).toContainText('Not yet activated');
  await expect(dataRescue).toContainText('runs 365 days from activation');

  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits.getByRole('row').filter({ hasText: 'Unlock Pro' })).toContainText(
    'expires in 20 days',
  );
  const ended = credits.getByRole('row').filter({ hasText: 'FRP Tool' });
  await expect(ended).toContainText('Expired');
  await expect(ended).toContainText('expired 5 days ago');

  // Thirty-five days on, the card's support licence is 25 days from its end: the 30-day reminder.
  await expect(bell(page)).toHaveAccessibleName('Notifications, unread: 6');
  const run = await page.request.post('/api/test/expiry-reminders/run', {
    data: { at: new Date(Date.now() + 35 * DAY_MS).toISOString() },
  });
  expect(await run.json()).toEqual({ sent: 1 });
  // The bell's dropdown loads the latest notifications when it opens (the count follows its poll).
  await bell(page).click();
  const reminder = page.locator('.notifications-menu').getByRole('link').filter({ hasText: REMINDER });
  await expect(reminder).toBeVisible({ timeout: 15_000 });
  // Run again: sent once, ever.
  const again = await page.request.post('/api/test/expiry-reminders/run', {
    data: { at: new Date(Date.now() + 35 * DAY_MS).toISOString() },
  });
  expect(await again.json()).toEqual({ sent: 0 });

  // The opt-out switch saves.
  await page.goto('/account/settings');
  const emails = page.getByRole('switch', { name: 'E-mail me before my licences and credits expire' });
  await expect(emails).toBeChecked({ timeout: 15_000 });
  await emails.click();
  await expect(page.getByText('Expiry reminder e-mails are off.')).toBeVisible();
  await page.reload();
  await expect(emails).not.toBeChecked({ timeout: 15_000 });

  // Leave the shared demo account as the other specs expect it: e-mails on, the seeded notifications.
  await emails.click();
  await expect(page.getByText('Expiry reminder e-mails are on.')).toBeVisible();
  const list = await (await page.request.get('/api/notification-to-users?itemsPerPage=5')).json();
  const added = list.member.find((entry: { message: string }) => REMINDER.test(entry.message));
  const removed = await page.request.post('/api/notification/delete', { data: { ids: [added.id] } });
  expect(removed.status()).toBe(200);
});
