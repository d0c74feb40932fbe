import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { watchReadsBeforeTheScript } from '../support/first-reads.ts';

// Each page's first reads, as it asks for them when opened without a query string; the cards
// overview has its own test in e2e/cards/cards.spec.ts.
const PAGES: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    '/cards/credits',
    [
      '/api/credit-ledger?page=1&itemsPerPage=20',
      '/api/credit-ledger/balance-history',
      '/api/cards?itemsPerPage=100',
      '/api/products?itemsPerPage=100',
    ],
  ],
  ['/notifications', ['/api/notification-to-users?page=1&itemsPerPage=10&order%5BcreatedAt%5D=desc']],
  ['/firmwares', ['/api/model/brands']],
  ['/tools', ['/api/softs']],
  ['/files', ['/api/file/get-by-parent?page=1&itemsPerPage=20']],
  ['/supported-models', ['/api/supported-models/brands', '/api/supported-models?page=1&itemsPerPage=20']],
  ['/watch-list', ['/api/watches?page=1&itemsPerPage=20']],
  ['/customers', ['/api/customers?page=1&itemsPerPage=20&search=']],
  ['/conversations', ['/api/conversations?page=1&itemsPerPage=20']],
  ['/helper', ['/api/helper/installer']],
];

test('opened afresh, each signed-in list page’s reads are asked for with its HTML, while its script still loads, each once', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  const watched = await watchReadsBeforeTheScript(page, 1000);

  for (const [path, reads] of PAGES) {
    watched.reset();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    watched.expectAskedOnceBeforeTheScript(['/api/me', ...reads], path);
  }
});
