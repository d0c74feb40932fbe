import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localePart, MASTER_LAYOUT_AREAS } from '../../apps/web/locale-areas.ts';
import { MASTER_LAYOUT_MODULE, ROUTES_OUTSIDE_THE_MASTER_LAYOUT } from '../../apps/web/route-chunks.ts';
import en from '../../apps/web/src/locales/en.json';

const source = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'src');

/** Every module of the web app but the tests, by its path under `src`. */
function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(source, path), readFileSync(path, 'utf8'));
  }
  return files;
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

/** The modules `roots` load before anything of theirs runs: their static imports, all the way down. */
function staticallyLoaded(files: Map<string, string>, roots: string[]): Set<string> {
  const loaded = new Set<string>();
  const pending = [...roots];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const [, specifier = ''] of files.get(file)?.matchAll(STATIC_IMPORT) ?? []) {
      const target = normalize(join(dirname(file), specifier));
      const found = [target, `${target}.ts`, `${target}.tsx`].find((path) => files.has(path));
      if (found) pending.push(found);
    }
  }
  return loaded;
}

describe('locale areas (decision 145)', () => {
  it('asks for the master layout’s strings only in code the master layout draws', () => {
    const files = sourceFiles();
    const router = files.get(join('app', 'router.tsx')) ?? '';
    const lazyRoutes = new Set(
      [...router.matchAll(/lazyPage\(\s*\(\) => import\('(\.[^']+)'\)/g)].map(([, path = '']) =>
        normalize(join('app', path)),
      ),
    );
    for (const route of ROUTES_OUTSIDE_THE_MASTER_LAYOUT) {
      expect(lazyRoutes.has(normalize(route)), `${route} is a lazy route of app/router.tsx`).toBe(true);
    }
    const outside = staticallyLoaded(files, ['main.tsx', ...ROUTES_OUTSIDE_THE_MASTER_LAYOUT.map(normalize)]);
    expect(outside.has(normalize(MASTER_LAYOUT_MODULE))).toBe(false);

    const asked = new RegExp(`['"\`](${MASTER_LAYOUT_AREAS.join('|')})\\.[A-Za-z]`, 'g');
    const misplaced = [...outside].flatMap((file) =>
      [...(files.get(file)?.matchAll(asked) ?? [])].map((match) => `${file}: ${match[1]}.…`),
    );
    expect(misplaced).toEqual([]);
  });

  it('splits a locale into the entry’s strings and the master layout’s, every key in exactly one', () => {
    const entry = localePart(en, 'entry');
    const masterLayout = localePart(en, 'master-layout');
    expect(Object.keys(masterLayout.translation).sort()).toEqual([...MASTER_LAYOUT_AREAS].sort());
    expect(Object.keys(entry.translation).filter((key) => MASTER_LAYOUT_AREAS.includes(key))).toEqual([]);
    expect({ ...entry.translation, ...masterLayout.translation }).toEqual(en.translation);
    expect(entry.messages).toEqual(en.messages);
    expect(Object.keys(masterLayout)).toEqual(['translation']);
  });
});
