/**
 * Marks the entry's stylesheets that index.html preloads instead of linking (vite.config.ts,
 * `firstScreenFirst`), so they do not hold back the first paint of the splash screen.
 */
export const PRELOADED_STYLESHEET_ATTRIBUTE = 'data-entry-stylesheet';

/**
 * Turns the preloaded stylesheets into applied ones and resolves once they are loaded: the entry
 * renders after this, so no page is ever shown unstyled. A stylesheet that fails resolves too,
 * as a failed `<link rel="stylesheet">` would have let the page go on.
 */
export function applyPreloadedStylesheets(document: Document): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>(`link[${PRELOADED_STYLESHEET_ATTRIBUTE}]`);
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const stylesheet = document.createElement('link');
          stylesheet.rel = 'stylesheet';
          stylesheet.href = preload.href;
          if (preload.crossOrigin !== null) stylesheet.crossOrigin = preload.crossOrigin;
          stylesheet.onload = () => resolve();
          stylesheet.onerror = () => resolve();
          preload.after(stylesheet);
          preload.remove();
        }),
    ),
  ).then(() => undefined);
}
