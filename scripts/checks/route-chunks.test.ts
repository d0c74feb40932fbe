import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  MASTER_LAYOUT_MODULE,
  masterLayoutChunksOf,
  ROUTES_OUTSIDE_THE_MASTER_LAYOUT,
} from '../../apps/web/route-chunks.ts';

const source = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'src');

/** A module graph as the bundler reports it: each module's static imports. */
function graphOf(imports: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => ({ importedIds: imports[id] ?? [] }) };
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
    for (const path of [MASTER_LAYOUT_MODULE, ...ROUTES_OUTSIDE_THE_MASTER_LAYOUT]) {
      expect(existsSync(join(source, path)), path).toBe(true);
    }
  });
});
