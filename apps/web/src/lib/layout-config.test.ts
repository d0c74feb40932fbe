import { describe, expect, it } from 'vitest';
import {
  applyLayoutConfig,
  DEFAULT_LAYOUT_CONFIG,
  LAYOUT_CONFIG_STORAGE_KEY,
  layoutBodyClasses,
  parseLayoutConfig,
  readLayoutConfig,
  removeLayoutBodyClasses,
  saveLayoutConfig,
} from './layout-config.ts';

describe('layout configuration', () => {
  it('uses the defaults (toolbar1, side menu hidden, #009EF7) when nothing is stored', () => {
    const config = readLayoutConfig(localStorage);
    expect(config).toEqual(DEFAULT_LAYOUT_CONFIG);
    expect(config.toolbar.layout).toBe('toolbar1');
    expect(config.aside.display).toBe(false);
    expect(config.main.primaryColor).toBe('#009EF7');
  });

  it('falls back to the defaults on unparsable or incomplete storage', () => {
    expect(parseLayoutConfig('{not json')).toEqual(DEFAULT_LAYOUT_CONFIG);
    expect(parseLayoutConfig('"a string"')).toEqual(DEFAULT_LAYOUT_CONFIG);
    expect(parseLayoutConfig(JSON.stringify({ toolbar: { layout: 'toolbar9' } }))).toEqual(
      DEFAULT_LAYOUT_CONFIG,
    );
    localStorage.setItem(LAYOUT_CONFIG_STORAGE_KEY, '<<garbage>>');
    expect(readLayoutConfig(localStorage)).toEqual(DEFAULT_LAYOUT_CONFIG);
  });

  it('reads back what it saved', () => {
    const changed = { ...DEFAULT_LAYOUT_CONFIG, toolbar: { display: true, layout: 'toolbar4' as const } };
    saveLayoutConfig(localStorage, changed);
    expect(readLayoutConfig(localStorage)).toEqual(changed);
  });

  it('clears every body class and applies the configuration', () => {
    document.body.className = 'stale-class page-loading';
    applyLayoutConfig(document.body, DEFAULT_LAYOUT_CONFIG);
    expect([...document.body.classList].sort()).toEqual(layoutBodyClasses(DEFAULT_LAYOUT_CONFIG).sort());
    expect(document.body.classList.contains('header-fixed')).toBe(true);
    expect(document.body.classList.contains('toolbar1-enabled')).toBe(true);
    expect(document.body.classList.contains('aside-enabled')).toBe(false);

    applyLayoutConfig(document.body, {
      ...DEFAULT_LAYOUT_CONFIG,
      toolbar: { display: true, layout: 'toolbar2' },
    });
    expect(document.body.classList.contains('toolbar1-enabled')).toBe(false);
    expect(document.body.classList.contains('toolbar2-enabled')).toBe(true);
  });

  it('gives the brand accents the configured primary colour, and takes it back on removal', () => {
    applyLayoutConfig(document.body, DEFAULT_LAYOUT_CONFIG);
    expect(document.body.style.getPropertyValue('--app-primary')).toBe('#009EF7');
    removeLayoutBodyClasses(document.body, DEFAULT_LAYOUT_CONFIG);
    expect(document.body.style.getPropertyValue('--app-primary')).toBe('');
  });

  it('refuses a primary colour that is not a hex colour', () => {
    const stored = { ...DEFAULT_LAYOUT_CONFIG, main: { primaryColor: 'red; x: y', darkSkinEnabled: true } };
    expect(parseLayoutConfig(JSON.stringify(stored))).toEqual(DEFAULT_LAYOUT_CONFIG);
  });
});
