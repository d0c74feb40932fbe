import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

// Runs on the SUPPORT_ENABLED=true stack (playwright.support.config.ts).

test('the ticket form explains what is missing and refuses a file over 10 MB before uploading it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/support');
  await page.getByRole('link', { name: 'Open a ticket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New support ticket' })).toBeVisible();

  await page.getByRole('button', { name: 'Send the ticket' }).click();
  await expect(page.getByText('Enter a subject.')).toBeVisible();
  await expect(page.getByText('Choose a category.')).toBeVisible();
  await expect(page.getByText('Describe the problem.')).toBeVisible();

  await page.getByLabel('Attachments (screenshots, logs)').setInputFiles({
    name: 'huge.log',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
  });
  const attached = page.getByRole('list', { name: 'Attached files' });
  await expect(attached.getByText('This file is larger than 10 MB.')).toBeVisible();
  await attached.getByRole('button', { name: 'Remove huge.log' }).click();
  await expect(attached).toHaveCount(0);
});

test('a ticket with a file is sent, and its conversation opens in the portal', async ({ page }) => {
  await signIn(page);
  await page.goto('/support/ticket');
  const subject = `Flash stops at 40 % ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Category').selectOption({ label: 'Troubleshooting' });
  await page.getByLabel('Device model (optional)').fill('Galaxy S21');
  await page
    .getByLabel('Description')
    .fill('The firmware flash stops at 40 % every time, with the original cable.');

  await page.getByLabel('Attachments (screenshots, logs)').setInputFiles([
    { name: 'helper.log', mimeType: 'text/plain', buffer: Buffer.from('flash: timeout at block 812\n') },
    { name: 'wrong.txt', mimeType: 'text/plain', buffer: Buffer.from('not this one\n') },
  ]);
  const attached = page.getByRole('list', { name: 'Attached files' });
  await expect(attached.getByRole('listitem')).toHaveCount(2);
  await expect(attached.getByRole('listitem').filter({ hasText: 'helper.log' })).toContainText('28 bytes');
  await attached.getByRole('button', { name: 'Remove wrong.txt' }).click();
  await expect(attached.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Send the ticket' }).click();
  await expect(page.getByRole('heading', { name: 'Your ticket has been sent' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/[^/]+$/);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(
    page.getByText('The firmware flash stops at 40 % every time, with the original cable.'),
  ).toBeVisible();
  await expect(page.getByText('helper.log')).toBeVisible();
});
