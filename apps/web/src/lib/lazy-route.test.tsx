import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-route.ts';

const pageModule = { Page: () => <h1>Sign In</h1> };

describe('lazyRoute', () => {
  it('renders a preloaded chunk in the first render, without the Suspense fallback', async () => {
    const Route = lazyRoute(
      async () => pageModule,
      (module) => module.Page,
    );
    await Route.preload();
    const { container } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Route />
      </Suspense>,
    );
    expect(container.textContent).toBe('Sign In');
  });

  it("starts the page's reads for the address once its chunk is here, and renders it without a fallback", async () => {
    let deliver: (module: typeof pageModule) => void = () => undefined;
    const startReads = vi.fn();
    const Route = lazyRoute(
      () => new Promise<typeof pageModule>((resolve) => (deliver = resolve)),
      (module) => module.Page,
      startReads,
    );
    const preloaded = Route.preloadFor('/cards');
    expect(startReads).not.toHaveBeenCalled();
    deliver(pageModule);
    await preloaded;
    expect(startReads).toHaveBeenCalledExactlyOnceWith(pageModule, '/cards');
    const { container } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Route />
      </Suspense>,
    );
    expect(container.textContent).toBe('Sign In');
  });

  it('suspends until a chunk that was not preloaded arrives', async () => {
    let deliver: (module: typeof pageModule) => void = () => undefined;
    const Route = lazyRoute(
      () => new Promise<typeof pageModule>((resolve) => (deliver = resolve)),
      (module) => module.Page,
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Route />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => deliver(pageModule));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });
});
