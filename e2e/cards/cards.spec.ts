import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { createVerifiedAccount, signInAs } from '../support/accounts.ts';
import { signIn } from '../support/auth.ts';
import { watchReadsBeforeTheScript } from '../support/first-reads.ts';
import { waitForMail } from '../support/mail.ts';

const READER = 'Benchside Simulated Reader 0';
const SERIAL = 'BSC-000123';

test('a new technician adds the simulated card through the helper, activates a product, updates the firmware and manages its credential', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await createVerifiedAccount(page.request, 'cards');
  await signInAs(page, account);
  await page.goto('/cards');
  await expect(page.getByRole('heading', { name: 'No cards yet' })).toBeVisible({ timeout: 15_000 });

  // Add the card: the helper's simulated reader answers the challenge, the portal checks it.
  await page.getByRole('link', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/cards\/add$/);
  // WCAG 2.5.3: the name is the visible words; the reader it acts on is its description.
  const validate = page.getByRole('button', { name: 'Validate card', exact: true });
  await expect(validate).toHaveAccessibleDescription(`${READER} card inserted`);
  await validate.click();
  await expect(page.getByText(`The card ${SERIAL} was added to your account`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: `Card ${SERIAL}`, level: 1 })).toBeVisible();
  await expect(page.getByText(`The card is in the reader ${READER}.`)).toBeVisible();

  // Its licences: activate one on the card.
  const products = page.getByRole('region', { name: 'Products' });
  await products.getByRole('button', { name: 'Activate Unlock Pro' }).click();
  await expect(page.getByText('Unlock Pro was activated on the card')).toBeVisible();
  await expect(products.getByRole('listitem').filter({ hasText: 'Unlock Pro' })).toContainText(
    'Active since',
  );
  await expect(products.getByRole('button', { name: 'Activate Unlock Pro' })).toHaveCount(0);
  const cardLog = page.getByRole('region', { name: 'Card log' });
  await expect(cardLog.getByRole('row').filter({ hasText: 'Product activated' })).toBeVisible();

  // Firmware update, its progress read from the helper's /status/get.
  await page.getByRole('button', { name: 'Update firmware' }).click();
  await expect(page.getByRole('progressbar', { name: 'Firmware update progress' })).toBeVisible();
  const messages = page.getByRole('list', { name: 'Firmware update messages' });
  await expect(messages).toContainText(`Checking the firmware of card ${SERIAL}`);
  await expect(page.getByText('The card firmware is up to date (2.1.0)')).toBeVisible({ timeout: 20_000 });
  await expect(messages).toContainText('2.1.0');
  await expect(page.getByRole('progressbar', { name: 'Firmware update progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText('Version 2.1.0')).toBeVisible();
  await expect(page.getByText('Up to date', { exact: true })).toBeVisible();

  // The card came with its tool credential.
  const login = `${account.username}-000123`;
  await page.getByRole('region', { name: 'Credentials' }).getByRole('link', { name: login }).click();
  await expect(page.getByRole('heading', { name: `Credential ${login}`, level: 1 })).toBeVisible();

  // A new password: confirmed, shown once, and e-mailed.
  await page.getByRole('button', { name: 'Generate new password' }).click();
  const confirm = page.getByRole('dialog', { name: `Generate a new password for ${login}?` });
  await confirm.getByRole('button', { name: 'Generate' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'New password' });
  await expect(shown).toBeVisible();
  const password = (await shown.locator('code').textContent()) ?? '';
  expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
  const mail = await waitForMail(page.request, {
    to: account.email,
    subject: `New password for the tool sign-in ${login}`,
  });
  expect(mail.text).toContain(password);
  await expect(
    page
      .getByRole('region', { name: 'Credential log' })
      .getByRole('row')
      .filter({ hasText: 'New password generated' }),
  ).toBeVisible();

  // Every session ends, after a confirmation.
  await page.getByRole('button', { name: 'Finish all sessions' }).click();
  await page
    .getByRole('dialog', { name: `Finish every session of ${login}?` })
    .getByRole('button', { name: 'Finish all sessions' })
    .click();
  await expect(page.getByText('Sessions finished: 0')).toBeVisible();

  // A third-party token, switched off and on.
  const tokens = page.getByRole('region', { name: 'Third-party software tokens' });
  await tokens.getByLabel('Software name').fill('Shop POS');
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByText('Token (shown once)')).toBeVisible();
  const toggle = tokens.getByRole('switch', { name: 'Token for Shop POS active' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('The token for Shop POS is inactive')).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Third-party software tokens' })
      .getByRole('switch', { name: 'Token for Shop POS active' }),
  ).not.toBeChecked();

  // Back on the overview, the card is listed with its state.
  await page.goto('/cards');
  const card = page.getByRole('article', { name: SERIAL });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Unlock Pro');
  await expect(page.getByRole('region', { name: 'Cards added and removed' })).toContainText(SERIAL);
});

test('the demo technician sees two cards, the credits left with where to buy, and recent activity', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/cards');
  const cards = page.getByRole('list', { name: 'My cards' });
  await expect(cards.getByRole('article')).toHaveCount(2, { timeout: 15_000 });
  await expect(cards.getByRole('article', { name: 'BSC-000102' })).toContainText('Update available');
  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits).toContainText('Credits left: 443');
  await expect(credits.getByRole('link', { name: 'Where to buy' })).toHaveAttribute(
    'href',
    'https://benchside.test/where-to-buy',
  );
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('row')).toHaveCount(11);
  await expectNoSeriousA11yViolations(page);

  // Another user's card is not found, in the API and in the app.
  const other = await page.request.get('/api/cards/00000000-0000-4000-8000-000000000000');
  expect(other.status()).toBe(404);
  await page.goto('/cards/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('The requested card is not found');
});

test('the cards page shows its sections together, so nothing moves under a reader on a phone whose first answer comes last', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  // The list of cards, the first section, answers after the three below it.
  await page.route(/\/api\/cards\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  // What Lighthouse counts as cumulative layout shift: every shift not caused by the reader's input.
  await page.addInitScript(`
    window.layoutShifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  `);
  await page.goto('/cards');
  await expect(page.getByRole('list', { name: 'My cards' }).getByRole('article')).toHaveCount(2, {
    timeout: 15_000,
  });
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('row')).toHaveCount(11);
  const shifted = await page.evaluate<number>('window.layoutShifts');
  // Lighthouse calls a page whose layout shifts add up to under 0.1 good.
  expect(shifted).toBeLessThan(0.1);
});

test('opened afresh, the cards page asks for its four lists before it first renders, each once', async ({
  page,
}) => {
  await signIn(page);
  // Notes each list read as the web app asks for it, with whether the app had rendered anything yet.
  await page.addInitScript(`
    window.listReads = [];
    const fetchBefore = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (/^\\/api\\/(cards|user-credit-subscriptions|user-crd-logs|card-assigned-logs)$/.test(url.pathname)) {
        const root = document.getElementById('root');
        window.listReads.push({ path: url.pathname, rendered: root !== null && root.childElementCount > 0 });
      }
      return fetchBefore(input, init);
    };
  `);
  await page.goto('/cards');
  await expect(page.getByRole('list', { name: 'My cards' }).getByRole('article')).toHaveCount(2, {
    timeout: 15_000,
  });
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('row')).toHaveCount(11);
  const reads = await page.evaluate<{ path: string; rendered: boolean }[]>('window.listReads');
  expect(reads).toEqual([
    { path: '/api/cards', rendered: false },
    { path: '/api/user-credit-subscriptions', rendered: false },
    { path: '/api/user-crd-logs', rendered: false },
    { path: '/api/card-assigned-logs', rendered: false },
  ]);
});

test('opened afresh, the cards page’s user and lists are asked for with its HTML, while its script still loads, each once and all used', async ({
  page,
}) => {
  await signIn(page);
  // A slow link: the entry script takes a second and a half to arrive.
  const reads = await watchReadsBeforeTheScript(page, 1500);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await page.goto('/cards');
  await expect(page.getByRole('list', { name: 'My cards' }).getByRole('article')).toHaveCount(2, {
    timeout: 15_000,
  });
  const firstReads = [
    '/api/me',
    '/api/cards?itemsPerPage=100',
    '/api/user-credit-subscriptions?page=1&itemsPerPage=10',
    '/api/user-crd-logs?page=1&itemsPerPage=10',
    '/api/card-assigned-logs?page=1&itemsPerPage=10',
  ];
  reads.expectAskedOnceBeforeTheScript(firstReads);
  // Chromium warns of a preload nobody used a few seconds after the page has loaded.
  await page.waitForTimeout(3500);
  expect(warnings.filter((warning) => warning.includes('preload'))).toEqual([]);
});

test('on a phone the credits header keeps its balance and both links whole, inside the card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/cards');
  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits).toContainText('Credits left: 443', { timeout: 15_000 });
  const card = await credits.boundingBox();
  const parts = [
    credits.getByText('Credits left: 443'),
    credits.getByRole('link', { name: 'Credit history' }),
    credits.getByRole('link', { name: 'Where to buy' }),
  ];
  const lineHeight = await parts[0]?.evaluate((element) =>
    Number.parseFloat(element.ownerDocument.defaultView?.getComputedStyle(element).lineHeight ?? ''),
  );
  for (const part of parts) {
    const box = await part.boundingBox();
    expect(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width).toBe(true);
    // On one line: no word of it wrapped under another.
    const textHeight = await part.evaluate((element) => {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().height;
    });
    expect(textHeight).toBeLessThan((lineHeight ?? 0) * 1.5);
  }
});
