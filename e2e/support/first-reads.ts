import { expect, type Page } from '@playwright/test';

/**
 * Slows the entry script by `scriptDelayMs` and notes every API request with its time, so a test
 * can check which reads a page asks for with its HTML (decision 137) rather than from its script.
 */
export async function watchReadsBeforeTheScript(page: Page, scriptDelayMs: number) {
  let scriptArrived = Number.POSITIVE_INFINITY;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, scriptDelayMs));
    await route.continue();
    scriptArrived = Date.now();
  });
  const apiReads: { url: string; at: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiReads.push({ url: url.pathname + url.search, at: Date.now() });
  });
  return {
    /** Forgets what was seen, before the next page is opened. */
    reset(): void {
      scriptArrived = Number.POSITIVE_INFINITY;
      apiReads.length = 0;
    },
    /** Each URL was asked for exactly once, and before the entry script had arrived. */
    expectAskedOnceBeforeTheScript(urls: readonly string[], page = ''): void {
      for (const url of urls) {
        const asked = apiReads.filter((read) => read.url === url);
        expect(asked, `${page} ${url}`).toHaveLength(1);
        expect(asked[0]?.at, `${page} ${url} is asked for before the script has arrived`).toBeLessThan(
          scriptArrived,
        );
      }
    },
  };
}
