import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, signInThroughForm } from '../support/auth.ts';
import { waitForApp } from '../support/preferences.ts';

/** A table cell Bootstrap has styled: padded and ruled off from the next row. */
async function expectStyledCell(cell: Locator): Promise<void> {
  await expect(cell).toHaveCSS('padding-left', '8px');
  await expect(cell).toHaveCSS('border-bottom-width', '1px');
  await expect(cell).toHaveCSS('border-bottom-style', 'solid');
}

test('the first page after signing in has styled tables', async ({ page }) => {
  await signInThroughForm(page);
  const credits = page.getByRole('table', { name: 'Credits' });
  await expect(credits).toBeVisible();
  await expectStyledCell(credits.getByRole('columnheader').first());
  await expect(credits.locator('xpath=..')).toHaveCSS('overflow-x', 'auto');
});

test('/firmwares opened first shows styled brand buttons and a styled table', async ({ page }) => {
  await signIn(page);
  await page.goto('/firmwares');
  const brand = page.getByRole('region', { name: 'Brands' }).getByRole('button').first();
  await expect(brand).toBeVisible();
  // A list-group item, not a bare browser button (outset border, 6 px padding, centred text).
  await expect(brand).toHaveCSS('border-top-style', 'solid');
  await expect(brand).toHaveCSS('padding-left', '16px');
  await expect(brand).toHaveCSS('text-align', 'start');
  await brand.click();
  await page.getByRole('region', { name: 'Models' }).getByRole('button').first().click();
  await expectStyledCell(page.getByRole('table').getByRole('columnheader').first());
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { message: path })
      .toBeLessThanOrEqual(390);
  }

  async function expectInsideViewport(locator: Locator, what: string): Promise<void> {
    const box = await locator.boundingBox();
    expect(box, what).not.toBeNull();
    if (!box) return;
    expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(390);
  }

  test('no signed-in page scrolls sideways at 390 px', async ({ page }) => {
    // Fifteen pages, each measured once its data has arrived.
    test.slow();
    await signIn(page);
    await page.goto('/cards');
    await waitForApp(page);
    const cardLink = page.getByRole('list').getByRole('heading').getByRole('link').first();
    const cardPath = await cardLink.getAttribute('href');
    const paths = [
      '/cards',
      cardPath ?? '/cards',
      '/cards/add',
      '/cards/credits',
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
    for (const path of paths) {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, path);
    }
  });

  test('the header, its menus and the helper dialog fit a 390 px screen', async ({ page }) => {
    await signIn(page);
    await page.goto('/downloads');
    await waitForApp(page);
    await expectInsideViewport(page.getByRole('banner'), 'header');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expectInsideViewport(page.locator('.notifications-menu'), 'notifications dropdown');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'User menu' }).click();
    await expectInsideViewport(page.locator('.user-menu'), 'user menu');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Helper status: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Launch Benchside Helper' });
    await expect(dialog).toBeVisible();
    await expectInsideViewport(dialog.locator('.modal-content'), 'helper dialog');
    await expectNoSidewaysScroll(page, 'with the helper dialog open');
  });

  test('a phone menu left open closes once the window has grown to the row of links (200 ms debounce)', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/cards');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await page.setViewportSize({ width: 1366, height: 844 });
    await page.waitForTimeout(400);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#header-menu')).not.toHaveClass(/\bshow\b/);
  });
});
