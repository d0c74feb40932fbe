import { type ComponentType, createElement, lazy, type ReactElement, useState } from 'react';
import { importWithTimeout } from './lazy-import.ts';

export type LazyRoute = (() => ReactElement) & {
  /** Loads the chunk ahead of the first render, which then needs no Suspense fallback. */
  preload: () => Promise<void>;
};

/**
 * A route component in its own chunk, which must arrive within the spec's timeout. Unlike a bare
 * `React.lazy`, a chunk that is already here renders at once: a first render that suspends shows
 * the fallback and React then holds the real page back for its 300 ms Suspense reveal throttle.
 */
export function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRoute {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= importWithTimeout(load).then((module) => {
      loaded = pick(module);
      return loaded;
    });
    return loading;
  };
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Route() {
    // Chosen once per mount: switching from the suspending to the loaded component would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Suspending);
    return createElement(Component);
  }
  return Object.assign(Route, { preload: () => preload().then(() => undefined) });
}
