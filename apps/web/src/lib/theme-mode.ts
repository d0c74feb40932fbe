import { createStore, useStore } from './create-store.ts';

export type ThemeMode = 'light' | 'dark';
export type ThemeMenuMode = ThemeMode | 'system';

export const THEME_MODE_VALUE_KEY = 'kt_theme_mode_value';
export const THEME_MODE_MENU_KEY = 'kt_theme_mode_menu';
export const THEME_MENU_MODES: readonly ThemeMenuMode[] = ['light', 'dark', 'system'];

function isThemeMenuMode(value: unknown): value is ThemeMenuMode {
  return typeof value === 'string' && (THEME_MENU_MODES as readonly string[]).includes(value);
}

/** Spec §4: the stored choice, else the page's `data-theme` attribute, else system. */
export function readThemeMenuMode(storage: Pick<Storage, 'getItem'>, root: Element): ThemeMenuMode {
  let stored: string | null = null;
  try {
    stored = storage.getItem(THEME_MODE_MENU_KEY);
  } catch {
    // Storage can be blocked (privacy settings); the attribute and system preference still apply.
  }
  if (isThemeMenuMode(stored)) return stored;
  const attribute = root.getAttribute('data-theme');
  return isThemeMenuMode(attribute) ? attribute : 'system';
}

export function resolveThemeMode(menuMode: ThemeMenuMode, systemPrefersDark: boolean): ThemeMode {
  if (menuMode === 'system') return systemPrefersDark ? 'dark' : 'light';
  return menuMode;
}

/** Set on the root while a theme switch is computed: its CSS turns every transition off. */
export const THEME_SWITCHING_CLASS = 'theme-switching';

/**
 * Bootstrap 5.3 colour modes switch on `data-bs-theme`. Links and buttons fade their colours on
 * hover; without this the whole page would fade into the new theme too, and for those 0.2 s text
 * and background are in between (a contrast check run at that moment fails). The new colours are
 * computed with transitions off, which are then on again for hovers.
 */
export function applyThemeMode(root: Element, mode: ThemeMode): void {
  if (root.getAttribute('data-bs-theme') === mode) return;
  root.classList.add(THEME_SWITCHING_CLASS);
  root.setAttribute('data-bs-theme', mode);
  // Reading a style makes the browser compute the new colours now, while nothing may transition.
  void getComputedStyle(root).color;
  root.classList.remove(THEME_SWITCHING_CLASS);
}

export function saveThemeMode(
  storage: Pick<Storage, 'setItem'>,
  menuMode: ThemeMenuMode,
  mode: ThemeMode,
): void {
  try {
    storage.setItem(THEME_MODE_MENU_KEY, menuMode);
    storage.setItem(THEME_MODE_VALUE_KEY, mode);
  } catch {
    // Not persisting is acceptable; the choice still applies to this page.
  }
}

const darkSchemeQuery = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return window.matchMedia?.(darkSchemeQuery).matches ?? false;
}

interface ThemeState {
  menuMode: ThemeMenuMode;
  mode: ThemeMode;
  /** Layout `main.darkSkinEnabled` (spec §3): off, pages stay light and no switcher is offered. */
  darkSkinEnabled: boolean;
}

const themeStore = createStore<ThemeState>({ menuMode: 'system', mode: 'light', darkSkinEnabled: true });

function show(menuMode: ThemeMenuMode, darkSkinEnabled: boolean, prefersDark: boolean): ThemeMode {
  const mode = darkSkinEnabled ? resolveThemeMode(menuMode, prefersDark) : 'light';
  applyThemeMode(document.documentElement, mode);
  themeStore.set({ menuMode, mode, darkSkinEnabled });
  return mode;
}

/** Reads the stored choice, applies it and follows the system preference while in system mode. */
export function startThemeMode(): void {
  const menuMode = readThemeMenuMode(localStorage, document.documentElement);
  show(menuMode, themeStore.get().darkSkinEnabled, systemPrefersDark());
  window.matchMedia?.(darkSchemeQuery).addEventListener('change', (event) => {
    const current = themeStore.get();
    if (current.menuMode === 'system') show(current.menuMode, current.darkSkinEnabled, event.matches);
  });
}

export function setThemeMenuMode(menuMode: ThemeMenuMode): void {
  const mode = show(menuMode, themeStore.get().darkSkinEnabled, systemPrefersDark());
  saveThemeMode(localStorage, menuMode, mode);
}

/**
 * Turns the dark skin on or off, as the main layout's configuration says (the sign-in bundle does
 * not load that configuration's schema); the user's stored choice is kept for when it comes back.
 */
export function setDarkSkinEnabled(enabled: boolean): void {
  const current = themeStore.get();
  if (current.darkSkinEnabled !== enabled) show(current.menuMode, enabled, systemPrefersDark());
}

export function useThemeMode(): ThemeState {
  return useStore(themeStore);
}
