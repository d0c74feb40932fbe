import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, signInAs } from '../support/accounts.ts';
import { afterNextFrame, expectSkipLinkToMain, pressUntilFocused } from '../support/keyboard.ts';
import { waitForApp } from '../support/preferences.ts';

async function signInFresh(page: Page, prefix: string): Promise<void> {
  await signInAs(page, await createVerifiedAccount(page.request, prefix));
}

async function openCards(page: Page): Promise<void> {
  await page.goto('/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
  await waitForApp(page);
}

test('the skip link is the first stop and moves the focus to the page content', async ({ page }) => {
  await signInFresh(page, 'kbdskip');
  await openCards(page);
  await expectSkipLinkToMain(page);
});

test('the user menu opens, moves and closes by keyboard, Escape returning the focus to its button', async ({
  page,
}) => {
  await signInFresh(page, 'kbdmenu');
  await openCards(page);
  const toggle = page.getByRole('button', { name: 'User menu' });
  await pressUntilFocused(page, toggle);
  await page.keyboard.press('Enter');
  const settings = page.getByRole('link', { name: 'Account Settings' });
  await expect(settings).toBeVisible();
  await afterNextFrame(page);
  await page.keyboard.press('ArrowDown');
  await expect(settings).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Conversations' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(settings).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(toggle).toBeFocused();

  // ArrowDown on the closed button opens the menu too; Enter on an entry follows it.
  await page.keyboard.press('ArrowDown');
  await expect(settings).toBeVisible();
  await afterNextFrame(page);
  await page.keyboard.press('ArrowDown');
  await expect(settings).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/settings$/);
});

test('the language list in the user menu is chosen by keyboard and gives the focus back', async ({
  page,
}) => {
  await signInFresh(page, 'kbdlang');
  await openCards(page);
  const toggle = page.getByRole('button', { name: 'User menu' });
  await pressUntilFocused(page, toggle);
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, page.getByRole('button', { name: /^German/ }), { key: 'ArrowDown' });
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const germanToggle = page.getByRole('button', { name: 'Benutzermenü' });
  await expect(germanToggle).toBeFocused();

  await page.keyboard.press('Enter');
  await pressUntilFocused(page, page.getByRole('button', { name: /^Englisch/ }), { key: 'ArrowDown' });
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(toggle).toBeFocused();
});

test("the sign-in page's language list changes by keyboard and keeps the focus across the reload", async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await pressUntilFocused(page, page.getByRole('combobox', { name: 'Language' }), { most: 15 });
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('html')).not.toHaveAttribute('lang', 'en');
  await expect(page.locator('select.language-select')).toBeFocused();
});

test('the notifications dropdown opens by keyboard and Escape returns the focus to the bell', async ({
  page,
}) => {
  await signInFresh(page, 'kbdbell');
  await openCards(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await pressUntilFocused(page, bell);
  await page.keyboard.press('Enter');
  const all = page.getByRole('link', { name: 'View all notifications' });
  await expect(all).toBeVisible();
  await afterNextFrame(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.notifications-menu :focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(all).toBeHidden();
  await expect(bell).toBeFocused();
});

test('a dialog opened by keyboard gives the focus back to its button when it closes', async ({ page }) => {
  await signInFresh(page, 'kbddialog');
  await openCards(page);
  const helperButton = page.getByRole('button', { name: /^Helper status: / });
  await pressUntilFocused(page, helperButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Launch Benchside Helper' });
  await expect(dialog).toBeVisible();
  await expect(dialog.and(page.locator(':focus-within'))).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(helperButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await pressUntilFocused(page, dialog.getByRole('button', { name: 'Close' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(helperButton).toBeFocused();
});

const SIGNED_IN_PAGES = [
  '/cards',
  '/cards/add',
  '/firmwares',
  '/tools',
  '/files',
  '/downloads',
  '/notifications',
  '/conversations',
  '/conversations/new',
  '/account/overview',
  '/account/settings',
  '/account/security',
  '/account/login-history',
];

const CONTROLS = 'button, a[href], [role="button"]';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('every button and link on the signed-in pages, labelled or not, is named with its visible words (WCAG 2.5.3)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'kbdnames');
  const checked: string[] = [];
  for (const path of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForApp(page);
    // The reader list comes from the helper: the case the rule was written for.
    if (path === '/cards/add')
      await expect(page.getByRole('button', { name: 'Validate card' })).toBeVisible();
    // Loading is a progress bar or a labelled spinner; the tools page keeps an empty live region per
    // row for what its tool is doing.
    await expect(page.getByRole('progressbar').or(page.getByRole('status', { name: /\S/ }))).toHaveCount(0);
    for (const control of await page.locator(CONTROLS).all()) {
      if (!(await control.isVisible())) continue;
      // The words a voice-control user reads on screen; text hidden from assistive technology
      // (initials in the avatar, a badge the name already counts) is decoration.
      const visibleWords = await control.evaluate((element) => {
        const copy = element.cloneNode(true);
        for (const hidden of copy.querySelectorAll('[aria-hidden="true"], .visually-hidden')) hidden.remove();
        return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
      });
      if (!visibleWords) continue;
      await expect(control, `${path}: "${visibleWords}"`).toHaveAccessibleName(
        new RegExp(escapeRegExp(visibleWords), 'i'),
      );
      checked.push(`${path}: ${visibleWords}`);
    }
  }
  expect(checked).toContain('/cards/add: Validate card');
});
