import './styles/main.scss';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadAuthLayout, loadLoginPage } from './app/router.tsx';
import { currentUserQueryOptions } from './lib/auth.ts';
import { initI18n, type LocaleResources, loadLocale } from './lib/i18n.ts';
import { type Language, languageStorageKey, readLanguage } from './lib/language.ts';
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

startThemeMode();

// Start everything the first screen needs at once instead of one after the other.
void queryClient.prefetchQuery(currentUserQueryOptions());
if (window.location.pathname.startsWith('/auth')) {
  loadAuthLayout().catch(() => undefined);
  loadLoginPage().catch(() => undefined);
}
const { language, resources } = await loadStartLanguage(readLanguage(localStorage, languageStorageKey));
document.documentElement.lang = language;
await initI18n(language, resources);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// A transition lets React render in small slices instead of one long task (keeps input responsive).
startTransition(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
