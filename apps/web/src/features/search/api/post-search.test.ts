import type { CatalogueFile } from '@benchside/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { searchHitPath } from './post-search.ts';

const file = (fields: Partial<CatalogueFile>): CatalogueFile => ({
  id: 40,
  file: 'x.bin',
  isDir: false,
  parent: 7,
  size: 10,
  date: '2026-11-01T10:00:00.000Z',
  kind: 'file',
  brand: null,
  model: null,
  soft: null,
  version: null,
  entitled: true,
  ...fields,
});

describe('where a search hit opens', () => {
  it('opens a firmware among its model, a tool on /tools, a file in its folder, a folder itself, an article', () => {
    expect(
      searchHitPath({
        kind: 'firmware',
        title: 'fw.bin',
        rank: 1,
        file: file({ kind: 'firmware', brand: 'Samsung', model: 'SM-G991B' }),
      }),
    ).toBe('/firmwares?brand=Samsung&model=SM-G991B');
    expect(searchHitPath({ kind: 'tool', title: 'flash.tgz', rank: 1, file: file({ kind: 'tool' }) })).toBe(
      '/tools',
    );
    expect(searchHitPath({ kind: 'file', title: 'x.bin', rank: 1, file: file({}) })).toBe('/files?parent=7');
    expect(searchHitPath({ kind: 'file', title: 'x.bin', rank: 1, file: file({ parent: null }) })).toBe(
      '/files',
    );
    expect(
      searchHitPath({
        kind: 'folder',
        title: 'Docs',
        rank: 1,
        file: file({ id: 9, isDir: true, kind: null }),
      }),
    ).toBe('/files?parent=9');
    expect(
      searchHitPath({
        kind: 'article',
        title: 'Card not detected',
        rank: 1,
        article: { slug: 'card not/detected', category: 'cards', language: 'en' },
      }),
    ).toBe('/support/articles/card%20not%2Fdetected');
  });
});
