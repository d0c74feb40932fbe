import { describe, expect, it } from 'vitest';
import { masterLayoutFiles, signInRouteFiles } from './web-build.ts';

describe('the master layout’s files in the web build’s manifest (decision 147)', () => {
  it('are its chunk and every chunk it imports, each once, stylesheets and lazy pages left out', () => {
    expect(
      masterLayoutFiles({
        'index.html': { file: 'assets/index-A1.js', name: 'index', imports: [] },
        '_sign-in-B2.js': { file: 'assets/sign-in-B2.js', name: 'sign-in', imports: ['index.html'] },
        '_shared-C3.js': {
          file: 'assets/shared-C3.js',
          name: 'shared',
          imports: ['index.html', '_sign-in-B2.js'],
        },
        '_master-layout-D4.js': {
          file: 'assets/master-layout-D4.js',
          name: 'master-layout',
          imports: ['index.html', '_shared-C3.js', '_sign-in-B2.js'],
        },
        '_master-layout-E5.css': { file: 'assets/master-layout-E5.css' },
        'src/features/cards/routes/cards-page.tsx': {
          file: 'assets/cards-page-F6.js',
          name: 'cards-page',
          imports: ['_master-layout-D4.js'],
        },
      }),
    ).toEqual([
      '/assets/master-layout-D4.js',
      '/assets/index-A1.js',
      '/assets/shared-C3.js',
      '/assets/sign-in-B2.js',
    ]);
  });

  it('are none when the build has no master layout chunk', () => {
    expect(masterLayoutFiles({ 'index.html': { file: 'assets/index-A1.js', name: 'index' } })).toEqual([]);
  });
});

describe('the sign-in route’s files in the web build’s manifest (decision 149)', () => {
  it('are its chunk alone, not the entry it imports', () => {
    expect(
      signInRouteFiles({
        'index.html': { file: 'assets/index-A1.js', name: 'index', imports: [] },
        '_sign-in-B2.js': { file: 'assets/sign-in-B2.js', name: 'sign-in', imports: ['index.html'] },
        '_master-layout-D4.js': { file: 'assets/master-layout-D4.js', name: 'master-layout' },
      }),
    ).toEqual(['/assets/sign-in-B2.js']);
  });

  it('are none when the build has no sign-in chunk', () => {
    expect(signInRouteFiles({ 'index.html': { file: 'assets/index-A1.js', name: 'index' } })).toEqual([]);
  });
});
