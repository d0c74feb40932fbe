import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIMULATED_CARD_SERIAL, SIMULATED_READER_NAME } from '@benchside/contracts/card-validation';
import { expect, test } from '@playwright/test';
import { helperPortFor } from '../downloads/web-seed.ts';
import { expectAccessibleInBothThemes, saveScreenshot } from '../support/a11y.ts';
import { signIn } from '../support/auth.ts';

const helperVersion = (
  JSON.parse(readFileSync(new URL('../../apps/helper/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

test('from the header, the helper panel shows the helper that npm start runs: port, version, reader, card, folder and free space', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL ?? '').origin;
  const port = await helperPortFor(request, origin);
  // A folder of this test's own, so what the panel shows does not depend on the machine's home.
  const folder = await mkdtemp(join(tmpdir(), 'benchside-panel-'));
  const chosen = await request.post(`http://127.0.0.1:${port}/general/setDownloadFolder`, {
    headers: { origin },
    data: { path: folder },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);

  try {
    await signIn(page);
    await page.goto('/cards');
    await page.getByRole('button', { name: 'Helper status: connected' }).click({ timeout: 15_000 });
    await page
      .getByRole('dialog', { name: 'Launch Benchside Helper' })
      .getByRole('link', { name: 'Check the helper: version, card readers, download folder' })
      .click();
    await expect(page).toHaveURL(/\/helper$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Helper panel' })).toBeVisible();

    const helper = page.getByRole('region', { name: 'Benchside Helper' });
    await expect(helper).toContainText(`Connected on port ${port}`);
    await expect(helper).toContainText('OK');
    // `npm start` serves the installer packed from the same source: the helper is the latest.
    await expect(page.getByRole('region', { name: 'Helper version' })).toContainText(
      `${helperVersion}, the latest version`,
    );
    const readers = page.getByRole('region', { name: 'Card readers and cards' });
    await expect(readers.getByRole('listitem')).toHaveText([
      `${SIMULATED_READER_NAME}: card ${SIMULATED_CARD_SERIAL}`,
    ]);
    const downloadFolder = page.getByRole('region', { name: 'Download folder' });
    await expect(downloadFolder).toContainText(folder);
    await expect(downloadFolder).toContainText(/\d[\d.,]* [kMGT]B free/);
    await expect(page.getByRole('note', { name: 'How to fix it' })).toHaveCount(0);

    await expectAccessibleInBothThemes(page, 'helper-panel');

    // The folder gone, "Check again" finds it and says what to do, on a phone-wide screen too.
    await page.setViewportSize({ width: 390, height: 844 });
    await rm(folder, { recursive: true });
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(downloadFolder).toContainText('This folder does not exist');
    const fix = downloadFolder.getByRole('note', { name: 'How to fix it' });
    await expect(fix).toContainText('Choose another folder, or create this one.');
    await saveScreenshot(page, 'helper-panel-390');
    await fix.getByRole('link', { name: 'Choose another folder' }).click();
    await expect(page).toHaveURL(/\/downloads$/);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('with no helper answering, the panel says it was not found and how to start it', async ({ page }) => {
  // As if no helper ran: every helper port refuses.
  await page.route(/^http:\/\/127\.0\.0\.1:2005[1-4]\//, (route) => route.abort('connectionrefused'));
  // The launch link or the Launch Helper dialog already came up in this browser session (status.spec.ts
  // covers them): the technician opens the panel afterwards.
  await page.addInitScript("sessionStorage.setItem('benchside_helper_launch_handled', '1')");
  await signIn(page);
  await page.goto('/helper');

  const helper = page.getByRole('region', { name: 'Benchside Helper' });
  await expect(helper).toContainText('Not found on ports 20051–20054', { timeout: 15_000 });
  const fix = helper.getByRole('note', { name: 'How to fix it' });
  await expect(fix).toContainText('Start Benchside Helper on this computer.');
  await expect(fix.getByRole('link', { name: 'Launch Helper' })).toHaveAttribute(
    'href',
    'benchside-helper://launch',
  );
  await expect(fix.getByRole('link', { name: 'Download installer' })).toHaveAttribute(
    'href',
    /\/dl\/helper\/benchside-helper\.tgz$/,
  );
  // What only the helper can tell is not guessed.
  for (const name of ['Helper version', 'Card readers and cards', 'Download folder']) {
    await expect(page.getByRole('region', { name })).toContainText('Known once the helper answers');
  }
  // A helper failure never ends the portal session (spec §4).
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(helper).toContainText('Not found on ports 20051–20054');
  await expect(page).toHaveURL(/\/helper$/);
});
