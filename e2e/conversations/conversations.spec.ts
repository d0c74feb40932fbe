import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signInAs } from '../support/accounts.ts';
import { signIn } from '../support/auth.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const LOG = Buffer.from('2026-03-01 12:00:01 reader: no card reader found\n2026-03-01 12:00:02 retry\n');
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

test('the demo conversation is unread until opened, from the user menu', async ({ page }) => {
  await signIn(page);
  await page.goto('/cards');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('link', { name: 'Conversations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible();

  const demo = page.getByRole('link', { name: /Card reader not detected after the last update/ });
  await expect(demo).toContainText('New reply');
  await expect(demo).toContainText('Support: Thanks for the report.');
  await demo.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Card reader not detected after the last update' }),
  ).toBeVisible();
  const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1)).toContainText('Support');
  await expect(messages.nth(1)).toContainText('Please reinstall the reader driver');

  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Conversations' })
    .click();
  await expect(page.getByRole('link', { name: /Card reader not detected/ })).not.toContainText('New reply');
});

test('start a conversation with an attachment, remove another before sending, download it back', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, 'conv');
  await signInAs(page, account);
  await page.goto('/conversations');
  await expect(page.getByText('No conversations yet')).toBeVisible();
  await page.getByRole('link', { name: 'New conversation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New conversation' })).toBeVisible();

  await page
    .getByLabel('Message')
    .fill('Reader not detected\nThe helper lists no reader since this morning.');
  await page.getByLabel('Attach files').setInputFiles([
    { name: 'reader-log.txt', mimeType: 'text/plain', buffer: LOG },
    { name: 'wrong-screenshot.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const pending = page.getByRole('list', { name: 'Attachments' });
  await expect(pending.getByText('Uploaded')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove wrong-screenshot.png' }).click();
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(pending).toContainText('reader-log.txt');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reader not detected' })).toBeVisible();
  await expect(page.getByText('The helper lists no reader since this morning.')).toBeVisible();
  await expect(page.getByRole('link', { name: /wrong-screenshot\.png/ })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /reader-log\.txt/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('reader-log.txt');
  expect(await readFile(await download.path())).toEqual(LOG);

  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Conversations' })
    .click();
  await expect(page.getByRole('link', { name: /Reader not detected/ })).toContainText(
    'You: Reader not detected The helper lists no reader',
  );
});

test('a reply joins the thread, and a program renamed .png is refused with a clear message', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, 'reply');
  await signInAs(page, account);
  await page.goto('/conversations/new');
  await page.getByLabel('Message').fill('Firmware question');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Firmware question' })).toBeVisible();

  await page
    .getByLabel('Attach files')
    .setInputFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: EXE }]);
  await expect(page.getByRole('alert')).toContainText('photo.png: this type of file is not accepted.');
  await page.getByRole('button', { name: 'Remove photo.png' }).click();

  await page.getByLabel('Reply').fill('Which version fits the SM-G991B?');
  await page.getByRole('button', { name: 'Send' }).click();
  const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1)).toContainText('Which version fits the SM-G991B?');
  await expect(page.getByLabel('Reply')).toHaveValue('');
});
