import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * The top-level keys of a locale's `translation` that only the master layout and the pages inside
 * it show (decision 145). They travel with the master layout instead of the entry, so the sign-in
 * page does not download the strings of screens it never draws.
 * `scripts/checks/locale-areas.test.ts` checks that no code outside the master layout asks for one.
 */
export const MASTER_LAYOUT_AREAS: readonly string[] = [
  'breadcrumbs',
  'cards',
  'catalogue',
  'conversations',
  'credits',
  'customers',
  'downloads',
  'helper',
  'megaMenu',
  'menu',
  'notifications',
  'pages',
  'search',
  'support',
  'supportedModels',
  'topbar',
  'userMenu',
  'watches',
  'welcome',
];

export type LocaleArea = 'entry' | 'master-layout';

type Locale = { translation: Record<string, unknown> } & Record<string, unknown>;

/** The part of a locale file one area needs: the entry's is everything but the master layout's keys. */
export function localePart(locale: Locale, area: LocaleArea): Locale {
  const masterLayout = new Set(MASTER_LAYOUT_AREAS);
  const translation = Object.fromEntries(
    Object.entries(locale.translation).filter(
      ([key]) => masterLayout.has(key) === (area === 'master-layout'),
    ),
  );
  return area === 'entry' ? { ...locale, translation } : { translation };
}

const AREA_IMPORT = /\.json\?(?:[^#]*&)?area=(entry|master-layout)(?:&|$)/;

/**
 * Serves `locales/<language>.json?area=entry` and `?area=master-layout` as a module of that part of
 * the file, shaped like any other JSON import.
 */
export function localeAreas(): Plugin {
  return {
    name: 'benchside-locale-areas',
    enforce: 'pre',
    async load(id) {
      const area = AREA_IMPORT.exec(id)?.[1] as LocaleArea | undefined;
      if (!area) return null;
      const path = id.slice(0, id.indexOf('?'));
      this.addWatchFile(path);
      const part = localePart(JSON.parse(await readFile(path, 'utf8')) as Locale, area);
      // As Vite writes a JSON module: each top-level key its own export, so unused ones drop out.
      const names = Object.keys(part);
      return [
        ...names.map((name) => `export const ${name} = ${JSON.stringify(part[name])};`),
        `export default { ${names.join(', ')} };`,
      ].join('\n');
    },
  };
}
