import { expect, type Page } from '@playwright/test';

export const THEME_MODE_MENU_KEY = 'kt_theme_mode_menu';
export const THEME_MODE_VALUE_KEY = 'kt_theme_mode_value';
export const LAYOUT_CONFIG_KEY = 'benchside_layout_config';

/** The client configuration the server embedded in the page. */
export async function readClientConfig(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('#benchside-config').textContent();
  return JSON.parse(text ?? '{}');
}

/** Waits until the splash screen is gone and the page is usable. */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('body')).not.toHaveClass(/(^|\s)page-loading(\s|$)/);
}

// Expressions rather than functions: the e2e sources are type-checked without the DOM library.
export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
}

export async function writeStorage(page: Page, key: string, value: string): Promise<void> {
  await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
}

export function scrollPosition(page: Page): Promise<number> {
  return page.evaluate<number>('window.scrollY');
}
