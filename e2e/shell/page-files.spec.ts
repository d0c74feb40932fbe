import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

/**
 * The scripts a page downloads while it opens, by their name before the content hash: the build
 * names them `<name>-<8-character hash>.js`, and the hash may itself hold a `-`.
 */
async function scriptsOpening(page: Page, path: string, shown: () => Promise<void>): Promise<string[]> {
  const scripts: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const name = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (name) scripts.push(name);
  };
  page.on('request', onRequest);
  await page.goto(path);
  await shown();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return scripts;
}

test('the pages outside the master layout never download it, and a signed-in page gets the layout in two files (decision 146)', async ({
  page,
}) => {
  for (const [path, shown] of [
    ['/auth/login', () => expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()],
    ['/auth/registration', () => expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible()],
    ['/policy', () => expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()],
    [
      '/error/404',
      () =>
        expect(page.getByRole('heading', { level: 1, name: 'Seems there is nothing here' })).toBeVisible(),
    ],
  ] as const) {
    const scripts = await scriptsOpening(page, path, shown);
    expect(scripts, path).not.toContain('master-layout');
  }

  await signIn(page);
  const scripts = await scriptsOpening(page, '/cards', () =>
    expect(page.getByRole('heading', { name: 'Cards', level: 1 })).toBeVisible({ timeout: 15_000 }),
  );
  expect(scripts.filter((name) => name === 'master-layout')).toHaveLength(1);
  expect(scripts.filter((name) => name === 'shared')).toHaveLength(1);
  // What else opens the page: the entry, the page itself, and the few modules it shares with other
  // pages only; never the sign-in route's chunk and its form library (decision 149).
  expect(scripts).toEqual(expect.arrayContaining(['index', 'cards-page']));
  expect(scripts).not.toContain('sign-in');
});

test('a page brings its icon inside itself instead of asking for it (decision 149)', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  expect(requested.filter((path) => /favicon/.test(path))).toEqual([]);
});

test('every script a page opens with asks the browser to compile it whole while it downloads (decision 157)', async ({
  page,
}) => {
  const openings = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/^\/assets\/.+\.js$/.test(pathname)) openings.set(pathname, response.text());
  });
  await signIn(page);
  await page.goto('/cards');
  await expect(page.getByRole('heading', { name: 'Cards', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect([...openings.keys()]).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/index-/), expect.stringMatching(/\/cards-page-/)]),
  );
  for (const [pathname, text] of openings) {
    expect((await text).split('\n', 1)[0], pathname).toBe('//# allFunctionsCalledOnLoad');
  }
});
