import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { signIn } from '../support/auth.ts';

async function openCards(page: Page) {
  await signIn(page);
  await page.goto('/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Cards' })).toBeVisible();
}

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search Benchside' });
const searchField = (page: Page) =>
  page.getByRole('combobox', { name: 'Search firmwares, tools, files and articles' });

test('Ctrl+K opens the search; arrows move through firmwares and tools found together, Enter opens one', async ({
  page,
}) => {
  await openCards(page);
  await page.keyboard.press('Control+k');
  await expect(searchDialog(page)).toBeVisible();
  await expect(searchField(page)).toBeFocused();

  await searchField(page).fill('benchside flash');
  const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  // The soft's name finds its tool package and the firmwares made for it, in one list.
  await expect(options.filter({ hasText: /^Tool/ }).first()).toBeVisible();
  await expect(options.filter({ hasText: /^Firmware/ }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Results: \d+$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(searchField(page)).toHaveAttribute(
    'aria-activedescendant',
    (await options.nth(0).getAttribute('id')) ?? '',
  );
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');

  const firmware = options.filter({ hasText: 'SM-G991B_G991BXXS9FXA1.bin' });
  const firmwareIndex = Number(await firmware.getAttribute('data-index'));
  await searchField(page).focus();
  for (let step = 0; step <= firmwareIndex; step += 1) await page.keyboard.press('ArrowDown');
  await expect(firmware).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(searchDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/firmwares\?brand=Samsung&model=SM-G991B$/);
  await expect(page.getByRole('cell', { name: 'SM-G991B_G991BXXS9FXA1.bin', exact: true })).toBeVisible();
});

test('"/" opens the search outside text fields only; Escape closes it and gives focus back', async ({
  page,
}) => {
  await openCards(page);
  const button = page.getByRole('button', { name: /^Search…/ });
  await button.click();
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(searchDialog(page)).toBeHidden();
  await expect(button).toBeFocused();

  await page.getByRole('link', { name: 'Files', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible();
  const filesSearch = page.getByRole('searchbox', { name: 'Search files by name' });
  await filesSearch.fill('');
  await filesSearch.pressSequentially('usb/driver');
  await expect(filesSearch).toHaveValue('usb/driver');
  await expect(searchDialog(page)).toBeHidden();

  await page.getByRole('heading', { level: 1, name: 'Files' }).click();
  await page.keyboard.press('/');
  await expect(searchField(page)).toBeFocused();
  await expect(searchField(page)).toHaveValue('');
  await searchField(page).fill('nothing-like-this');
  await expect(
    page.getByRole('status').filter({ hasText: 'Nothing found for “nothing-like-this”' }),
  ).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search fills the screen without sideways scrolling, and a tap opens a folder hit', async ({
    page,
  }) => {
    await openCards(page);
    // The header, search button included, fits the phone's width.
    const overflowOf = (selector: string) =>
      page.evaluate(
        `(() => { const box = document.querySelector('${selector}'); return box.scrollWidth - box.clientWidth; })()`,
      );
    expect(await overflowOf('.app-header .header-container')).toBe(0);
    await page.getByRole('button', { name: 'Search…' }).click();
    await expect(searchDialog(page)).toBeVisible();
    await searchField(page).fill('drivers');
    const folder = page.getByRole('option').filter({ hasText: /^Folder\s*Drivers/ });
    await expect(folder).toBeVisible();
    const box = await page.locator('.modal-dialog').boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(390);
    expect(await overflowOf('.modal-dialog')).toBe(0);
    const fieldBox = await searchField(page).boundingBox();
    expect((fieldBox?.x ?? 0) + (fieldBox?.width ?? 999)).toBeLessThanOrEqual(390);

    await folder.click();
    await expect(page).toHaveURL(/\/files\?parent=\d+$/);
    await expect(page.getByRole('table').getByRole('button', { name: 'USB', exact: true })).toBeVisible();
  });
});
