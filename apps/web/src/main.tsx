import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadSignedInRoute, preloadSignInRoute } from './app/router.tsx';
import { currentUserQueryOptions, hasSignedInHint } from './lib/auth.ts';
import { numberFormat } from './lib/format.ts';
import { initI18n, type LocaleResources, loadLocale } from './lib/i18n.ts';
import { type Language, languageStorageKey, readLanguage } from './lib/language.ts';
import { nextTask } from './lib/next-task.ts';
import { applyPreloadedStylesheets } from './lib/preloaded-stylesheets.ts';
import { queryClient } from './lib/query-client.ts';
import { startThemeMode } from './lib/theme-mode.ts';

async function loadStartLanguage(
  preferred: Language,
): Promise<{ language: Language; resources: LocaleResources }> {
  try {
    return { language: preferred, resources: await loadLocale(preferred) };
  } catch {
    return { language: 'en', resources: await loadLocale('en') };
  }
}

/**
 * Starts everything the first screen needs at once and renders once it is all here, so the first
 * render does not suspend. No top-level await: the lazy chunks import the entry's chunk, and a
 * dynamic import waits until that chunk has finished evaluating.
 */
async function start(rootElement: HTMLElement): Promise<void> {
  startThemeMode();
  const currentUserLoaded = queryClient.prefetchQuery(currentUserQueryOptions());
  const { pathname } = window.location;
  const preferredLanguage = readLanguage(localStorage, languageStorageKey);
  const authArea = pathname.startsWith('/auth');
  const signedInPage = !authArea && hasSignedInHint();
  // A failed chunk is left to the route itself, which shows its error when it renders.
  const routeLoaded = (
    authArea ? preloadSignInRoute() : signedInPage ? preloadSignedInRoute(pathname) : Promise.resolve()
  ).catch(() => undefined);
  // The page's first Intl formatter starts ICU, about 10 ms (40 on a slow phone): done in a task of
  // its own while the chunks download, not inside the render that shows the page's numbers.
  if (signedInPage) setTimeout(() => numberFormat(preferredLanguage));
  const [{ language, resources }] = await Promise.all([
    loadStartLanguage(preferredLanguage),
    currentUserLoaded,
    routeLoaded,
    applyPreloadedStylesheets(document),
  ]);
  document.documentElement.lang = language;
  await initI18n(language, resources);
  // The render is the longest task of a page's start: it never shares one with the chunk or the
  // answer that arrived last (decision 157).
  await nextTask();
  // One synchronous render: Preact (decision 129) has no time slicing, so a transition would change nothing.
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// The entry's own evaluation and what `start` does at once are two tasks, not one (decision 157).
setTimeout(() => void start(rootElement));
