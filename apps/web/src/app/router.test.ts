import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each page's chunk stands for itself by the module it would load, so a test can say which loaded.
const preloaded: string[] = [];
// The addresses a page's chunk was preloaded for, whose first reads it then starts.
const readsStartedFor: string[] = [];
vi.mock('../lib/lazy-route.ts', () => ({
  lazyRoute: (load: () => unknown) => {
    const source = String(load).match(/["']([^"']+)\.tsx["']/)?.[1] ?? String(load);
    const preload = async () => {
      preloaded.push(source.replace(/^.*\//, ''));
    };
    return Object.assign(() => null, {
      preload,
      preloadFor: async (pathname: string) => {
        await preload();
        readsStartedFor.push(pathname);
      },
    });
  },
}));

const { preloadSignedInRoute, preloadSignInRoute } = await import('./router.tsx');

describe('route chunks the entry starts with its first requests', () => {
  beforeEach(() => {
    preloaded.length = 0;
    readsStartedFor.length = 0;
  });

  it.each([
    ['/cards', ['master-layout', 'cards-page']],
    ['/cards/credits', ['master-layout', 'cards-page']],
    ['/', ['master-layout', 'cards-page']],
    ['/supported-models/42', ['master-layout', 'supported-model-page']],
    ['/conversations/new', ['master-layout', 'new-conversation-page']],
    ['/customers/8c1e', ['master-layout', 'customers-routes']],
    ['/account/security', ['master-layout', 'account-layout']],
    ['/no/such/page', ['master-layout']],
  ])('signed in, %s: the master layout and its page', async (pathname, chunks) => {
    await preloadSignedInRoute(pathname);
    expect(preloaded).toEqual(chunks);
  });

  it.each([
    ['/cards', '/cards'],
    ['/', '/cards'],
    ['/cards/credits', '/cards/credits'],
  ])('signed in, %s: the page starts its first reads for %s, the layout none', async (pathname, target) => {
    await preloadSignedInRoute(pathname);
    expect(readsStartedFor).toEqual([target]);
  });

  it('signed out, the auth area: its layout and the sign-in page', async () => {
    await preloadSignInRoute();
    expect(preloaded).toEqual(['auth-layout', 'login-page']);
  });
});
