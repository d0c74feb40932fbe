import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { createVerifiedAccount, signInAs } from '../support/accounts.ts';
import { signIn } from '../support/auth.ts';
import { waitForApp } from '../support/preferences.ts';

/** A technician's customer book from its empty state to empty again, on an account of its own. */

const table = (page: Page) => page.getByRole('table', { name: 'Customers' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

async function addByApi(page: Page, body: Record<string, string>): Promise<void> {
  const response = await page.request.post('/api/customers', { data: body });
  expect(response.status(), await response.text()).toBe(201);
}

test('a technician creates, edits, searches, suspends and deletes customers', async ({ page }) => {
  test.setTimeout(60_000);
  const account = await createVerifiedAccount(page.request, 'book');
  await signInAs(page, account);

  // The user menu leads to the book.
  await page.goto('/cards');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'No customers yet' })).toBeVisible();

  // Create from the empty state's invitation.
  await page.getByRole('button', { name: 'Add your first customer' }).click();
  const newDialog = page.getByRole('dialog', { name: 'New customer' });
  await newDialog.getByLabel('Name').fill('Laura Fischer');
  await newDialog.getByLabel('E-mail').fill('not-an-address');
  await newDialog.getByLabel('Phone').fill('+49 151 2345 6781');
  await newDialog.getByRole('button', { name: 'Create customer' }).click();
  await expect(newDialog.getByText('Wrong email format')).toBeVisible();
  await newDialog.getByLabel('E-mail').fill('laura.fischer@example.test');
  await newDialog.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText('Customer has been created')).toBeVisible();
  await expect(newDialog).toBeHidden();
  await expect(row(page, 'Laura Fischer')).toContainText('Active');

  // Edit on the customer's page: she buys for her shop now.
  await table(page).getByRole('link', { name: 'Laura Fischer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Laura Fischer' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Laura Fischer' });
  await editDialog.getByLabel('Business').check();
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(editDialog.getByText('Company is required for a business')).toBeVisible();
  await editDialog.getByLabel('Company').fill('Fischer Phones');
  await editDialog.getByLabel('Notes').fill('Galaxy S21, screen replaced.');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Customer has been updated')).toBeVisible();
  await expect(page.getByText('Fischer Phones')).toBeVisible();
  await expect(page.getByText('Galaxy S21, screen replaced.')).toBeVisible();

  // Two more, then search among the three.
  await addByApi(page, {
    name: 'Marco Rossi',
    type: 'business',
    company: 'Rossi Telefonia',
    phone: '+39 347 555',
  });
  await addByApi(page, { name: 'Aisha Khan', type: 'individual', email: 'aisha@example.test' });
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Customers' }).click();
  await expect(table(page).getByRole('row')).toHaveCount(4);
  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await search.fill('telefonia');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Marco Rossi')).toBeVisible();
  await search.fill('nobody');
  await expect(page.getByText('No customers match “nobody”.')).toBeVisible();
  await search.fill('');
  await expect(table(page).getByRole('row')).toHaveCount(4);

  // Bulk suspend the whole page.
  await page.getByRole('checkbox', { name: 'Select all customers on this page' }).check();
  const bulkBar = page.getByRole('group', { name: 'Selected customers' });
  await expect(bulkBar).toContainText('Selected: 3');
  await bulkBar.getByRole('button', { name: 'Set Suspended' }).click();
  await expect(page.getByText('Selected customers status have successfully been updated')).toBeVisible();
  await expect(table(page).getByText('Suspended')).toHaveCount(3);
  await expect(bulkBar).toBeHidden();

  // Bulk delete two, after the plural confirmation.
  await page.getByRole('checkbox', { name: 'Select Marco Rossi' }).check();
  await page.getByRole('checkbox', { name: 'Select Aisha Khan' }).check();
  await bulkBar.getByRole('button', { name: 'Delete selected' }).click();
  const confirmMany = page.getByRole('dialog', { name: 'Delete selected customers' });
  await expect(confirmMany).toContainText('Are you sure to permanently delete selected customers?');
  await confirmMany.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Selected customers have been deleted')).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Laura Fischer')).toBeVisible();

  // Delete the last one from her page; the answer is held back so the progress text can be read.
  await table(page).getByRole('link', { name: 'Laura Fischer' }).click();
  let releaseDelete = () => {};
  const deleteHeld = new Promise<void>((resolve) => {
    releaseDelete = resolve;
  });
  await page.route('**/api/customers/*', async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await deleteHeld;
    return route.continue();
  });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirmOne = page.getByRole('dialog', { name: 'Delete customer' });
  await expect(confirmOne).toContainText('Are you sure to permanently delete this customer?');
  await confirmOne.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Customer is deleting...')).toBeVisible();
  releaseDelete();
  await expect(page.getByText('Customer has been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { name: 'No customers yet' })).toBeVisible();
});

// Reads only: the demo account's seeded book (apps/api/src/seed/customers.ts) stays as it is.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`390 px wide, ${colorScheme} theme`, () => {
    test.use({ colorScheme, viewport: { width: 390, height: 844 } });

    test('the customer book fits the phone, bulk bar included, with no serious accessibility violations', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto('/customers');
      await expect(table(page).getByRole('row')).toHaveCount(21, { timeout: 15_000 });
      await waitForApp(page);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
      await page.getByRole('checkbox', { name: 'Select all customers on this page' }).check();
      const bulkBar = page.getByRole('group', { name: 'Selected customers' });
      await expect(bulkBar).toContainText('Selected: 20');
      for (const name of ['Set Active', 'Set Suspended', 'Delete selected']) {
        const box = await bulkBar.getByRole('button', { name }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, name).toBe(true);
      }
      // Nothing is wider than the phone: the page never scrolls sideways.
      const pageWidth = await page.locator('html').evaluate((html) => html.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(390);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
