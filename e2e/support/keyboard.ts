import { expect, type Locator, type Page } from '@playwright/test';

/** Whether the element has the keyboard focus. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement);
}

/**
 * Presses `key` (Tab by default) until `target` has the focus, as a keyboard user moves on, and
 * fails when it takes more than `most` presses: the control is out of reach or far down the order.
 * The header alone has about fifteen stops (skip link, logo, five pages, catalogue, search, helper,
 * bell, theme, user menu).
 */
export async function pressUntilFocused(
  page: Page,
  target: Locator,
  { key = 'Tab', most = 20 }: { key?: string; most?: number } = {},
): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} was not reached with ${most} presses of ${key}`);
}

/**
 * Waits until the page has run what it does after its next frame. Preact runs effects then, and
 * react-bootstrap's menus take their keys through handlers those effects bring up to date: a key
 * sent in the same frame a menu appeared in reaches the closed menu's handler and is lost. A person
 * never presses that fast; a test does.
 */
export async function afterNextFrame(page: Page): Promise<void> {
  // An expression: the e2e sources are type-checked without the DOM library.
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => setTimeout(done)))');
}

/** Presses Tab once per control and checks each has the focus in turn: the tab order, exactly. */
export async function expectTabOrder(page: Page, controls: Locator[]): Promise<void> {
  for (const control of controls) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }
}

/** The first Tab stop is a visible "Skip to main content" link, and Enter on it moves the focus into the page's main region. */
export async function expectSkipLinkToMain(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}
