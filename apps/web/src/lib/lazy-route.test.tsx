import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
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
