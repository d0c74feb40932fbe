import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import {
  LAYOUT_CONFIG_KEY,
  readStorage,
  THEME_MODE_MENU_KEY,
  THEME_MODE_VALUE_KEY,
  waitForApp,
  writeStorage,
} from '../support/preferences.ts';

const html = (page: Page) => page.locator('html');

test.describe('theme', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  for (const [choice, mode] of [
    ['Dark', 'dark'],
    ['Light', 'light'],
  ] as const) {
    test(`${choice} survives a reload`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: mode === 'dark' ? 'light' : 'dark' });
      await page.goto('/cards');
      await page.getByRole('button', { name: /^Theme: / }).click();
      await page.getByRole('button', { name: choice, exact: true }).click();
      await expect(html(page)).toHaveAttribute('data-bs-theme', mode);
      await page.reload();
      await waitForApp(page);
      await expect(html(page)).toHaveAttribute('data-bs-theme', mode);
      await expect(page.getByRole('button', { name: `Theme: ${choice}` })).toBeVisible();
      expect(await readStorage(page, THEME_MODE_MENU_KEY)).toBe(mode);
      expect(await readStorage(page, THEME_MODE_VALUE_KEY)).toBe(mode);
    });
  }

  test('System follows the colour-scheme preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/cards');
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('button', { name: 'System', exact: true }).click();
    await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
  });

  test('a theme switch shows the new colours at once, with no fade a contrast check could catch half-way', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/cards');
    const activeLink = page.getByRole('link', { name: 'Cards', exact: true }).first();
    await expect(activeLink).toBeVisible();
    const colours = () =>
      activeLink.evaluate((link) => {
        const style = link.ownerDocument.defaultView?.getComputedStyle(link);
        return `${style?.color} on ${style?.backgroundColor}`;
      });
    const light = await colours();
    // The system's preference flips; the colours are read in the same task as the switch shows.
    await page.emulateMedia({ colorScheme: 'dark' });
    const atOnce = await page.locator('html').evaluate(
      (root) =>
        new Promise<string>((resolve) => {
          const view = root.ownerDocument.defaultView;
          const read = () => {
            const link = root.querySelector('a.menu-link.active');
            const style = link ? view?.getComputedStyle(link) : undefined;
            resolve(`${style?.color} on ${style?.backgroundColor}`);
          };
          if (!view || root.getAttribute('data-bs-theme') === 'dark') return read();
          new view.MutationObserver(read).observe(root, {
            attributes: true,
            attributeFilter: ['data-bs-theme'],
          });
        }),
    );
    await page.waitForTimeout(500);
    const settled = await colours();
    expect(settled).not.toBe(light);
    expect(atOnce).toBe(settled);
  });

  test('the theme also applies to signed-out pages', async ({ page }) => {
    await page.goto('/cards');
    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await page.goto('/policy');
    await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  });
});

test.describe('language', () => {
  test('a language chosen in the user menu survives the reload', async ({ page }) => {
    await signIn(page);
    await page.goto('/cards');
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'User menu' }).click();
    const languages = page.getByRole('group', { name: 'Language' });
    for (const name of ['English', 'Mandarin', 'Spanish', 'Japanese', 'German', 'French']) {
      await expect(languages.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await languages.getByRole('button', { name: /^German/ }).click();
    await expect(html(page)).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Karten' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Karten' })).toBeVisible();
    expect(await readStorage(page, 'selectedLang')).toBe('de');
    await page.reload();
    await expect(html(page)).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Karten' })).toBeVisible();
  });

  test('visitors can switch the language on the sign-in page', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Language').selectOption('ja');
    await expect(html(page)).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
    await expect(page.getByLabel('パスワード')).toBeVisible();
  });
});

test.describe('layout configuration', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  const toolbar = (page: Page) => page.locator('.app-toolbar');
  const toolbarHeight = async (page: Page) => (await toolbar(page).boundingBox())?.height;

  test('garbage in storage falls back to the default layout', async ({ page }) => {
    await page.goto('/cards');
    await writeStorage(page, LAYOUT_CONFIG_KEY, '{"toolbar": oops');
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
    await expect(toolbar(page)).toHaveAttribute('data-toolbar', 'toolbar1');
    expect(await toolbarHeight(page)).toBe(55);
    await expect(page.locator('body')).toHaveClass(/header-fixed/);
    await expect(page.getByRole('navigation', { name: 'Side navigation' })).toHaveCount(0);
  });

  test('a changed layout is applied, saved and shows the splash briefly', async ({ page }) => {
    await page.goto('/account/settings');
    await page.getByLabel('Page header style').selectOption('toolbar2');
    await expect(page.locator('body')).toHaveClass(/page-loading/);
    await expect(page.locator('body')).not.toHaveClass(/page-loading/, { timeout: 2000 });
    expect(await toolbarHeight(page)).toBe(75);
    expect(JSON.parse((await readStorage(page, LAYOUT_CONFIG_KEY)) ?? 'null')).toMatchObject({
      toolbar: { layout: 'toolbar2' },
    });
    await page.reload();
    await waitForApp(page);
    await expect(toolbar(page)).toHaveAttribute('data-toolbar', 'toolbar2');
  });

  test('with the dark skin off, pages stay light and no theme switcher is offered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/account/settings');
    await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
    await page.getByLabel('Dark skin').uncheck();
    await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
    await expect(page.getByRole('button', { name: /^Theme: / })).toHaveCount(0);
    await page.reload();
    await waitForApp(page);
    await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
    await page.getByLabel('Dark skin').check();
    await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
    await expect(page.getByRole('button', { name: /^Theme: / })).toBeVisible();
  });

  test('the side menu, when switched on, opens one section at a time in 250 ms', async ({ page }) => {
    await page.goto('/account/settings');
    await page.getByLabel('Side menu').check();
    const aside = page.getByRole('navigation', { name: 'Side navigation' });
    const portal = aside.getByRole('button', { name: 'Portal' });
    const account = aside.getByRole('button', { name: 'Account' });
    // The current page's section starts open.
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(portal).toHaveAttribute('aria-expanded', 'false');
    await expect(aside.getByRole('link', { name: 'Security' })).toBeVisible();
    await expect(aside.getByRole('link', { name: 'Firmwares' })).toHaveCount(0);
    await expect(aside.locator('.aside-section-body').first()).toHaveCSS(
      'transition-duration',
      '0.25s, 0.25s',
    );
    await portal.click();
    await expect(portal).toHaveAttribute('aria-expanded', 'true');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await aside.getByRole('link', { name: 'Firmwares' }).click();
    await expect(page).toHaveURL(/\/firmwares$/);
    await expect(aside.getByRole('link', { name: 'Security' })).toHaveCount(0);
  });

  test('each toolbar variant has the spec height on desktop and mobile', async ({ page }) => {
    const heights = {
      toolbar1: [55, 55],
      toolbar2: [75, 65],
      toolbar3: [55, 55],
      toolbar4: [65, 65],
      toolbar5: [75, 65],
    };
    for (const [layout, [desktop, mobile]] of Object.entries(heights)) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/account/settings');
      await page.getByLabel('Page header style').selectOption(layout);
      await page.goto('/cards');
      await waitForApp(page);
      expect(await toolbarHeight(page), `${layout} on desktop`).toBe(desktop);
      await page.setViewportSize({ width: 390, height: 800 });
      expect(await toolbarHeight(page), `${layout} on mobile`).toBe(mobile);
    }
  });
});
