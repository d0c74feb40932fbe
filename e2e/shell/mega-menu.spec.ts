import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { signIn } from '../support/auth.ts';

async function openCards(page: Page) {
  await signIn(page);
  await page.goto('/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
}

const megaMenuButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Catalogue' });

test('the mega menu opens 200 ms after the pointer rests on it, lists top brands with model counts and the tools', async ({
  page,
}) => {
  await page.clock.install();
  await openCards(page);
  // The jump below would fire the timer that tells a held-back first ping from a quick one, and the
  // Launch Helper dialog would explain a browser question that never comes: the helper answers first.
  await expect(page.getByRole('button', { name: 'Helper status: connected' })).toBeVisible();
  // From here time moves only when the test says so.
  await page.clock.pauseAt(Date.now() + 60_000);
  const button = megaMenuButton(page);
  const samsung = page.getByRole('link', { name: 'Samsung 2 models' });

  await button.hover();
  await page.clock.runFor(100);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(samsung).toBeHidden();
  await page.clock.runFor(150);
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(samsung).toBeVisible();

  const brands = page.getByRole('list', { name: 'Top brands' }).getByRole('link');
  // Most models first, then by name; the demo has Samsung (2), Motorola, Nokia and Xiaomi (1 each).
  await expect(brands).toHaveText([
    /^Samsung\s*2 models$/,
    /^Motorola\s*1 model$/,
    /^Nokia\s*1 model$/,
    /^Xiaomi\s*1 model$/,
  ]);
  await expect(page.getByRole('list', { name: 'Tools' }).getByRole('link')).toHaveText([
    /^Benchside Flash/,
    /^Benchside Unlock/,
  ]);

  // The pointer leaving closes it after the same 200 ms.
  await page.getByRole('heading', { level: 1, name: 'Cards' }).hover();
  await page.clock.runFor(100);
  await expect(samsung).toBeVisible();
  await page.clock.runFor(150);
  await expect(samsung).toBeHidden();

  // Back to real time: the catalogue queries deliver their results through timers.
  await page.clock.resume();
  // A click on the menu the pointer has just opened keeps it open.
  await button.hover();
  await expect(samsung).toBeVisible();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await samsung.click();
  await expect(page).toHaveURL(/\/firmwares\?brand=Samsung$/);
  await expect(page.getByRole('button', { name: /SM-A525F/ })).toBeVisible();
  await expect(samsung).toBeHidden();
});

test('the mega menu works by keyboard: Enter, Space and ArrowDown open it, arrows move, Escape returns focus', async ({
  page,
}) => {
  await openCards(page);
  const button = megaMenuButton(page);
  await button.focus();

  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Samsung 2 models' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  await page.keyboard.press('Space');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Samsung 2 models' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Motorola 1 model' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('link', { name: 'All tools' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/firmwares\?brand=Motorola$/);
  await expect(page.getByRole('button', { name: /Moto G9 Play/ })).toBeVisible();
});

for (const width of [992, 1280, 1366]) {
  test(`at ${width} px the header holds the menu, the mega menu and the topbar, and the open menu stays in the window`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await openCards(page);
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await expect(userMenu).toBeInViewport({ ratio: 1 });
    await megaMenuButton(page).click();
    const panel = page.getByRole('list', { name: 'Tools' });
    await expect(panel).toBeVisible();
    for (const link of await page
      .getByRole('link', { name: /^(All tools|All firmwares|Samsung 2 models)$/ })
      .all()) {
      await expect(link).toBeInViewport({ ratio: 1 });
    }
  });
}
