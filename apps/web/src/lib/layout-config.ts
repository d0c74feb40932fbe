import { z } from 'zod';
import { parseJsonOr } from './parse-json.ts';

export const LAYOUT_CONFIG_STORAGE_KEY = 'benchside_layout_config';

export const TOOLBAR_LAYOUTS = ['toolbar1', 'toolbar2', 'toolbar3', 'toolbar4', 'toolbar5'] as const;
export type ToolbarLayout = (typeof TOOLBAR_LAYOUTS)[number];

const layoutConfigSchema = z.object({
  main: z.object({ primaryColor: z.string().regex(/^#[0-9a-f]{6}$/i), darkSkinEnabled: z.boolean() }),
  header: z.object({ display: z.boolean(), fixed: z.boolean(), width: z.enum(['fixed', 'fluid']) }),
  megaMenu: z.object({ display: z.boolean() }),
  aside: z.object({ display: z.boolean() }),
  toolbar: z.object({ display: z.boolean(), layout: z.enum(TOOLBAR_LAYOUTS) }),
  pageTitle: z.object({ display: z.boolean(), breadcrumbs: z.boolean() }),
  content: z.object({ width: z.enum(['fixed', 'fluid']) }),
  footer: z.object({ display: z.boolean() }),
  scrolltop: z.object({ display: z.boolean() }),
});
export type LayoutConfig = z.infer<typeof layoutConfigSchema>;

/** Spec §3: primary colour #009EF7, dark skin enabled, toolbar1, side menu hidden. */
export const DEFAULT_LAYOUT_CONFIG: LayoutConfig = {
  main: { primaryColor: '#009EF7', darkSkinEnabled: true },
  header: { display: true, fixed: true, width: 'fixed' },
  megaMenu: { display: true },
  aside: { display: false },
  toolbar: { display: true, layout: 'toolbar1' },
  pageTitle: { display: true, breadcrumbs: true },
  content: { width: 'fixed' },
  footer: { display: true },
  scrolltop: { display: true },
};

/** Anything missing, unparsable or not a complete configuration falls back to the defaults. */
export function parseLayoutConfig(text: string | null): LayoutConfig {
  return parseJsonOr(layoutConfigSchema, text, DEFAULT_LAYOUT_CONFIG);
}

export function readLayoutConfig(storage: Pick<Storage, 'getItem'>): LayoutConfig {
  try {
    return parseLayoutConfig(storage.getItem(LAYOUT_CONFIG_STORAGE_KEY));
  } catch {
    return DEFAULT_LAYOUT_CONFIG;
  }
}

export function saveLayoutConfig(storage: Pick<Storage, 'setItem'>, config: LayoutConfig): void {
  storage.setItem(LAYOUT_CONFIG_STORAGE_KEY, JSON.stringify(config));
}

export function layoutBodyClasses(config: LayoutConfig): string[] {
  const classes: string[] = [];
  if (config.header.display && config.header.fixed) classes.push('header-fixed');
  if (config.toolbar.display) classes.push('toolbar-enabled', `${config.toolbar.layout}-enabled`);
  if (config.aside.display) classes.push('aside-enabled');
  if (config.main.darkSkinEnabled) classes.push('dark-skin-enabled');
  return classes;
}

/**
 * Clears every body class and puts back the ones this configuration needs. The primary colour
 * becomes `--app-primary`, the brand accents' colour (underlines, spinner, glow); text and filled
 * buttons keep the darker shade from the stylesheet, as white on #009EF7 fails AA contrast.
 */
export function applyLayoutConfig(body: HTMLElement, config: LayoutConfig): void {
  body.className = '';
  body.classList.add(...layoutBodyClasses(config));
  body.style.setProperty('--app-primary', config.main.primaryColor);
}

export function removeLayoutBodyClasses(body: HTMLElement, config: LayoutConfig): void {
  body.classList.remove(...layoutBodyClasses(config));
  body.style.removeProperty('--app-primary');
}
