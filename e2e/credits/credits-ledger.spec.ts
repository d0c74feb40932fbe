import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { waitForApp } from '../support/preferences.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

test('a technician filters the credits ledger, sees the balance and its chart, exports the filtered rows and asks for a refund of a failed unlock', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/cards');
  await page.getByRole('link', { name: 'Credit history' }).click();
  await expect(page).toHaveURL(/\/cards\/credits$/);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Credit balance' }).getByRole('status')).toHaveText('443');

  // The chart is drawn, with what it shows in words.
  const chart = page.getByRole('figure', {
    name: /Your balance at the end of each day .*: 443 credits on the last day/,
  });
  await expect(chart.locator('canvas').first()).toBeVisible();

  // Uses of Unlock Pro in the last ten days.
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Kind').selectOption({ label: 'Use' });
  await filters.getByLabel('Product').selectOption({ label: 'Unlock Pro' });
  await filters.getByLabel('From', { exact: true }).fill(daysAgo(10));
  await expect(page).toHaveURL(/kind=use/);
  const table = page.getByRole('table', { name: 'Credit movements' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(6);
  for (const row of await rows.all()) {
    await expect(row).toContainText('Use');
    await expect(row).toContainText('Unlock Pro');
  }

  // A range that ends before it starts is refused before anything is asked.
  await filters.getByLabel('To', { exact: true }).fill(daysAgo(20));
  await expect(filters.getByRole('alert')).toHaveText('The start date must not be after the end date');
  await expect(filters.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await filters.getByLabel('To', { exact: true }).fill(daysAgo(0));
  await expect(rows).toHaveCount(6);

  // The export holds exactly the rows the filters show.
  const downloading = page.waitForEvent('download');
  await filters.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`credits-ledger-${daysAgo(10)}-to-${daysAgo(0)}.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...records] = csv.trimEnd().split('\r\n');
  expect(header).toBe(
    'Date,Kind,Amount,Balance,Card,Credential,Product,Function,Device model,Result,Refund of entry,Entry,Customer,Customer device',
  );
  expect(records).toHaveLength(6);
  for (const record of records) expect(record).toMatch(/^[^,]+,use,-\d+,\d+,BSC-000101,[^,]+,Unlock Pro,/);
  expect(records.filter((record) => record.includes(',failed,'))).toHaveLength(1);

  // The failed unlock: support gets a conversation with the operation in it.
  const failed = rows.filter({ hasText: 'Failed' });
  await expect(failed).toHaveCount(1);
  await failed.getByRole('button', { name: 'Request a refund' }).click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Refund request: Unlock on SM-A525F (5 credits)' }),
  ).toBeVisible();
  await expect(page.getByText(/Ledger entry: \d+/)).toBeVisible();
  await expect(page.getByText('Card: BSC-000101')).toBeVisible();

  // Back in the ledger, the row leads to that conversation instead of asking again.
  await page.goBack();
  await expect(failed.getByRole('link', { name: 'Refund requested' })).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Request a refund' })).toHaveCount(0);
});
