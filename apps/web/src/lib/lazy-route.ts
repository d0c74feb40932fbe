import { type ComponentType, createElement, lazy, type ReactElement, useState } from 'react';
import { importWithTimeout } from './lazy-import.ts';

export type LazyRoute = (() => ReactElement) & {
  /** Loads the chunk ahead of the first render, which then needs no Suspense fallback. */
  preload: () => Promise<void>;
  /**
   * Loads the chunk and, as soon as it is here, starts the API reads its page makes first at
   * `pathname`, instead of after the page's first render.
   */
  preloadFor: (pathname: string) => Promise<void>;
};

/**
 * A route component in its own chunk, which must arrive within the spec's timeout. Unlike a bare
 * `React.lazy`, a chunk that is already here renders at once: a first render that suspends shows
 * the fallback and React then holds the real page back for its 300 ms Suspense reveal throttle.
 */
export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  startReads?: (module: M, pathname: string) => void,
): LazyRoute {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType | undefined;
  const loadModule = () =>
    (loading ??= importWithTimeout(load).then((module) => {
      loaded = pick(module);
      return module;
    }));
  const Suspending = lazy(async () => ({ default: pick(await loadModule()) }));
  function Route() {
    // Chosen once per mount: switching from the suspending to the loaded component would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Suspending);
    return createElement(Component);
  }
  return Object.assign(Route, {
    preload: () => loadModule().then(() => undefined),
    preloadFor: (pathname: string) => loadModule().then((module) => startReads?.(module, pathname)),
  });
}
