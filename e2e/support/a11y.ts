import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Entrances and fades (a toast sliding in, a colour transition) end within this; axe reading
 * colours half-way through one finds contrasts no one sees. Longer ones (a toast's countdown bar)
 * and endless ones (spinners) are left running.
 */
const SETTLING_MS = 1_000;
const SHORT_ANIMATIONS_ENDED = `document.getAnimations().every((animation) => {
  const end = animation.effect?.getComputedTiming().endTime;
  return animation.playState !== 'running' || typeof end !== 'number' || end > ${SETTLING_MS};
})`;

/** axe-core on the current page, once short animations have ended: no serious or critical violation is acceptable. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Polled from here: the page's CSP forbids the evaluation of strings that waitForFunction does in it.
  await expect.poll(() => page.evaluate<boolean>(SHORT_ANIMATIONS_ENDED), { timeout: 5_000 }).toBe(true);
  const axe = new AxeBuilder({ page });
  // By default axe opens a blank tab to merge what it found in each of the page's frames: a new
  // tab per check, half of what a check costs on a two-core machine. A page without frames has
  // nothing to merge; axe.run in the page itself finds the same (decision 164).
  if (page.frames().length === 1) axe.setLegacyMode();
  const results = await axe.analyze();
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
