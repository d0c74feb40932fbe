import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  MASTER_LAYOUT_MODULE,
  masterLayoutChunksOf,
  ROUTES_OUTSIDE_THE_MASTER_LAYOUT,
  SIGN_IN_ROUTE_MODULES,
  sharedWithTheSignInRoute,
} from '../../apps/web/route-chunks.ts';

const source = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'src');

/** A module graph as the bundler reports it: each module's static imports, and its dynamic ones. */
function graphOf(imports: Record<string, string[]>, dynamicImports: Record<string, string[]> = {}) {
  return {
    getModuleInfo: (id: string) => ({
      importedIds: imports[id] ?? [],
      dynamicallyImportedIds: dynamicImports[id] ?? [],
    }),
  };
}

describe('the master layout’s chunks (decision 146)', () => {
  it('puts what only the layout and its pages load in its own chunk, and what a route outside loads too in the shared one', () => {
    const graph = graphOf({
      layout: ['menu', 'schemas', 'modal'],
      menu: ['icons', 'schemas'],
      modal: [],
      schemas: ['zod'],
      policy: ['schemas', 'trans'],
      registration: ['icons'],
      'cards-page': ['modal', 'card-table'],
    });
    expect(Object.fromEntries(masterLayoutChunksOf(graph, 'layout', ['policy', 'registration']))).toEqual({
      layout: 'master-layout',
      menu: 'master-layout',
      modal: 'master-layout',
      schemas: 'shared',
      zod: 'shared',
      icons: 'shared',
    });
  });

  it('leaves to the bundler what the layout does not load: the pages, their own modules, the outside routes', () => {
    const graph = graphOf({ layout: ['menu'], 'cards-page': ['card-table', 'menu'], policy: ['trans'] });
    const chunks = masterLayoutChunksOf(graph, 'layout', ['policy']);
    for (const id of ['cards-page', 'card-table', 'policy', 'trans']) expect(chunks.has(id), id).toBe(false);
  });

  it('names modules of the web app that exist', () => {
    for (const path of [
      MASTER_LAYOUT_MODULE,
      ...ROUTES_OUTSIDE_THE_MASTER_LAYOUT,
      ...SIGN_IN_ROUTE_MODULES,
    ]) {
      expect(existsSync(join(source, path)), path).toBe(true);
    }
  });
});

describe('the modules the sign-in route shares with what is loaded later (decision 149)', () => {
  const graph = graphOf(
    {
      '/web/index.html': ['/web/src/main.tsx'],
      '/web/src/login-page.tsx': ['/web/src/login-form.tsx', '/web/src/spinner.tsx'],
      '/web/src/login-form.tsx': ['/nm/node_modules/react-hook-form/index.js', '/web/src/error-alert.tsx'],
      '/web/src/social-sign-in.tsx': ['/web/src/social-errors.tsx', '/web/src/login-form.tsx'],
      '/web/src/master-layout.tsx': ['/web/src/spinner.tsx'],
      '/web/src/cards-page.tsx': ['/web/src/error-alert.tsx', '/web/src/cards-table.tsx'],
      '/web/src/settings-page.tsx': ['/nm/node_modules/react-hook-form/index.js'],
    },
    {
      '/web/src/main.tsx': [
        '/web/src/login-page.tsx',
        '/web/src/master-layout.tsx',
        '/web/src/cards-page.tsx',
        '/web/src/settings-page.tsx',
      ],
      '/web/src/login-page.tsx': ['/web/src/social-sign-in.tsx'],
    },
  );
  const shared = sharedWithTheSignInRoute(graph, '/web/index.html', ['/web/src/login-page.tsx']);

  it('are the app’s own modules a page or the layout loads too', () => {
    expect([...shared].sort()).toEqual(['/web/src/error-alert.tsx', '/web/src/spinner.tsx']);
  });

  it('leave out libraries, the route itself, and what only the route’s own lazy parts load', () => {
    for (const id of [
      '/nm/node_modules/react-hook-form/index.js',
      '/web/src/login-page.tsx',
      '/web/src/login-form.tsx',
    ]) {
      expect(shared.has(id), id).toBe(false);
    }
  });
});
