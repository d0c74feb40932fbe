import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on the current page: no serious or critical violation is acceptable. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/** `<name>.png`, the whole page, under E2E_SCREENSHOTS when it is set: for a person to look at, not a check. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** Readable and operable in both themes (the theme follows the system's by default). */
export async function expectAccessibleInBothThemes(page: Page, screenshotName: string): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `${screenshotName}-${colorScheme}`);
  }
}
