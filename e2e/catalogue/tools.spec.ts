import type { DownloadItem } from '@benchside/contracts/helper';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

const TOOL = 'Benchside Unlock';

test('installing a tool shows its download progress, polled every 3 s, installs it, and Run says it started', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The demo's tools download in a blink from the local web seed (or are found complete on disk,
  // from an earlier run). The helper's real answers are passed through, with this tool's download
  // held back for its first answers, at a growing share, so the page's progress and its 3 s poll can
  // be watched; then the real answer ("done") lets it install.
  const heldAnswers = 3;
  const listTimes: number[] = [];
  const hold = (item: DownloadItem, share: number): DownloadItem =>
    item.soft === TOOL ? { ...item, state: 'downloading', progress: share, downloaded: 0, eta: 5 } : item;
  await page.route(/^http:\/\/127\.0\.0\.1:\d+\/downloads\/(add|addWebSeeds)$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: hold((await response.json()) as DownloadItem, 0) });
  });
  await page.route(/^http:\/\/127\.0\.0\.1:\d+\/downloads\/list$/, async (route) => {
    const response = await route.fetch();
    const items = (await response.json()) as DownloadItem[];
    listTimes.push(Date.now());
    const share = listTimes.length / 4;
    const json = listTimes.length <= heldAnswers ? items.map((item) => hold(item, share)) : items;
    await route.fulfill({ response, json });
  });

  await signIn(page);
  await page.goto('/tools');
  const row = page.getByRole('row', { name: new RegExp(TOOL) });
  await expect(row.getByText('Not installed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: `Install ${TOOL}` }).click();

  const progress = row.getByRole('progressbar', { name: `Download of ${TOOL}` });
  await expect(progress).toBeVisible();
  await expect(row.getByText('Downloading: 50%')).toBeVisible({ timeout: 10_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '75', { timeout: 10_000 });
  await expect(row.getByText('Installed 2.0.1')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`${TOOL} is installed.`)).toBeVisible();
  await expect(progress).toHaveCount(0);

  // Spec §9: while the download ran, the list was asked every 3 s, not faster and not slower.
  const gaps = listTimes.slice(1, heldAnswers + 1).map((time, index) => time - (listTimes[index] ?? 0));
  expect(gaps.length).toBe(heldAnswers);
  for (const gap of gaps) {
    expect(gap).toBeGreaterThanOrEqual(2_900);
    expect(gap).toBeLessThan(4_500);
  }
  // Done, the list is no longer polled.
  const asked = listTimes.length;
  await page.waitForTimeout(4_000);
  expect(listTimes.length).toBe(asked);

  // Run answers with what happened: the helper started the program.
  await row.getByRole('button', { name: `Run ${TOOL}` }).click();
  await expect(page.getByText(`${TOOL} started.`)).toBeVisible();
  await expect(row.getByRole('status').filter({ hasText: /^Started at / })).toBeVisible();
  await expect(page.getByText('Error running tool')).toHaveCount(0);
});
