import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

/** The computed style of the first element the selector finds, read through the page's own window. */
const styleOf = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(
      (element, name) =>
        element.ownerDocument.defaultView?.getComputedStyle(element).getPropertyValue(name) ?? '',
      property,
    );

for (const [scheme, pageColour] of [
  ['dark', 'rgb(21, 21, 33)'],
  ['light', 'rgb(245, 248, 250)'],
] as const) {
  test(`on a slow network the splash shows in the ${scheme} theme's colours before any stylesheet arrives, and the page only once it has`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    // Every stylesheet held back for two seconds, as on a phone's slow first visit.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.css$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/auth/login', { waitUntil: 'commit' });
    const splash = page.locator('#splash-screen');
    await expect(splash).toBeVisible();
    expect(await styleOf(page, 'body', 'background-color')).toBe(pageColour);
    expect(await styleOf(page, '#splash-screen', 'background-color')).toBe(pageColour);
    // Nothing of the page is drawn without its styles.
    await page.waitForTimeout(1_500);
    await expect(page.locator('#root')).toBeEmpty();

    release();
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await expect(signIn).toBeVisible({ timeout: 15_000 });
    await expect(splash).toBeHidden();
    // Styled the moment it shows: Bootstrap's button, not the browser's.
    expect(await styleOf(page, 'button[type="submit"]', 'border-radius')).not.toBe('0px');
  });
}

for (const [width, height] of [
  [390, 844],
  [1366, 900],
] as const) {
  test(`opening a signed-in page at ${width} px moves nothing: its title bar is in its first frame, the top bar's controls come into their own place (decision 153) and the footer stays below the fold`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page);
    await page.addInitScript(`
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  `);
    for (const [path, title] of [
      ['/cards', 'Cards'],
      ['/notifications', 'Notifications'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('#splash-screen')).toBeHidden();
      // Two frames for a late shift to be reported.
      await page.evaluate(
        'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
      );
      const shifts = await page.evaluate<number[]>('window.layoutShifts');
      // The splash screen's spinner settling as the stylesheet lands is a few thousandths at most.
      expect(
        shifts.reduce((sum, shift) => sum + shift, 0),
        path,
      ).toBeLessThan(0.005);
      await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    }
  });
}

test('the first paint waits for the page alone: the browser fetches the scripts and stylesheet a page opens with below the page itself', async ({
  page,
}) => {
  // Chromium's own priorities, as its DevTools show them: a script or style preload asked for
  // without a hint is "High" or "VeryHigh", level with the page.
  const priorities = new Map<string, string>();
  const devTools = await page.context().newCDPSession(page);
  devTools.on('Network.requestWillBeSent', ({ request, type }) => {
    if (type === 'Document' || request.url.includes('/assets/'))
      priorities.set(request.url, request.initialPriority);
  });
  await devTools.send('Network.enable');
  const opened = await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  // What the page names itself; chunks the app imports later are not in the first paint's way.
  const named = new Set((await opened?.text())?.match(/\/assets\/[^"]+/g));

  const asked = [...priorities].map(([url, priority]) => ({ file: new URL(url).pathname, priority }));
  expect(asked).toContainEqual({ file: '/auth/login', priority: 'VeryHigh' });
  const scripts = asked.filter(({ file }) => named.has(file) && file.endsWith('.js'));
  const stylesheets = asked.filter(({ file }) => named.has(file) && file.endsWith('.css'));
  // The entry (the bundler's runtime inside it) and the sign-in page's chunk.
  expect(scripts.map(({ file }) => /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(file)?.[1])).toEqual(
    expect.arrayContaining(['index', 'sign-in']),
  );
  expect(stylesheets.length).toBeGreaterThanOrEqual(1);
  for (const script of scripts) expect(script, script.file).toMatchObject({ priority: 'Low' });
  for (const stylesheet of stylesheets) expect(stylesheet.priority, stylesheet.file).not.toBe('VeryHigh');
});
