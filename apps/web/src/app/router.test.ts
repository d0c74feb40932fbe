import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each page's chunk stands for itself by the module it would load, so a test can say which loaded.
const preloaded: string[] = [];
vi.mock('../lib/lazy-route.ts', () => ({
  lazyRoute: (load: () => unknown) => {
    const source = String(load).match(/["']([^"']+)\.tsx["']/)?.[1] ?? String(load);
    return Object.assign(() => null, {
      preload: async () => {
        preloaded.push(source.replace(/^.*\//, ''));
      },
    });
  },
}));

const { preloadSignedInRoute, preloadSignInRoute } = await import('./router.tsx');

describe('route chunks the entry starts with its first requests', () => {
  beforeEach(() => {
    preloaded.length = 0;
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

  it('signed out, the auth area: its layout and the sign-in page', async () => {
    await preloadSignInRoute();
    expect(preloaded).toEqual(['auth-layout', 'login-page']);
  });
});
