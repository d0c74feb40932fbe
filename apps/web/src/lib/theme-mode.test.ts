import { describe, expect, it } from 'vitest';
import {
  applyThemeMode,
  readThemeMenuMode,
  resolveThemeMode,
  saveThemeMode,
  setDarkSkinEnabled,
  setThemeMenuMode,
  THEME_MODE_MENU_KEY,
  THEME_MODE_VALUE_KEY,
  THEME_SWITCHING_CLASS,
} from './theme-mode.ts';

function rootWith(dataTheme?: string): Element {
  const root = document.createElement('html');
  if (dataTheme) root.setAttribute('data-theme', dataTheme);
  return root;
}

describe('theme mode', () => {
  it('prefers the stored choice, then the data-theme attribute, then system', () => {
    expect(readThemeMenuMode(localStorage, rootWith())).toBe('system');
    expect(readThemeMenuMode(localStorage, rootWith('dark'))).toBe('dark');
    localStorage.setItem(THEME_MODE_MENU_KEY, 'light');
    expect(readThemeMenuMode(localStorage, rootWith('dark'))).toBe('light');
  });

  it('ignores stored values that are not a theme mode', () => {
    localStorage.setItem(THEME_MODE_MENU_KEY, 'purple');
    expect(readThemeMenuMode(localStorage, rootWith())).toBe('system');
  });

  it('follows the system colour-scheme preference in system mode', () => {
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode('system', false)).toBe('light');
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
  });

  it('applies the mode as Bootstrap data-bs-theme and stores both keys', async () => {
    const root = rootWith();
    const classesBeforeEachChange: string[] = [];
    new MutationObserver((records) =>
      classesBeforeEachChange.push(...records.map((record) => record.oldValue ?? '')),
    ).observe(root, { attributes: true, attributeFilter: ['class'], attributeOldValue: true });
    applyThemeMode(root, 'dark');
    expect(root.getAttribute('data-bs-theme')).toBe('dark');
    // Transitions were off for the switch and are on again after it.
    await Promise.resolve();
    expect(classesBeforeEachChange).toEqual(['', THEME_SWITCHING_CLASS]);
    expect(root.className).toBe('');
    saveThemeMode(localStorage, 'system', 'dark');
    expect(localStorage.getItem(THEME_MODE_MENU_KEY)).toBe('system');
    expect(localStorage.getItem(THEME_MODE_VALUE_KEY)).toBe('dark');
  });

  it('keeps every page light while the dark skin is off, and brings the choice back with it', () => {
    const root = document.documentElement;
    setThemeMenuMode('dark');
    expect(root.getAttribute('data-bs-theme')).toBe('dark');
    setDarkSkinEnabled(false);
    expect(root.getAttribute('data-bs-theme')).toBe('light');
    setThemeMenuMode('dark');
    expect(root.getAttribute('data-bs-theme')).toBe('light');
    setDarkSkinEnabled(true);
    expect(root.getAttribute('data-bs-theme')).toBe('dark');
  });
});
