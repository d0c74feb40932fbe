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
  // What else opens the page: the entry, the sign-in chunk the layout shares modules with, the
  // page itself, and the few modules it shares with other pages only.
  expect(scripts).toEqual(expect.arrayContaining(['index', 'cards-page']));
});
