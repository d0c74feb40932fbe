import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEFAULT_CHROMIUM_PATH } from '../../scripts/ensure-chromium.ts';

/** The Chromium the end-to-end tests and the benchmarks launch. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

/** What every launch of it switches off: the sandbox, the GPU, QUIC and the browser's own traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium gives every window the address bar's suggestion popup, a WebUI page in a
 * renderer of its own that the tests never see: a fifth of the browser's CPU on two cores.
 */
const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The features Playwright switches off. Chromium keeps only the last `--disable-features` it is
 * given and Playwright passes its own list first, so ours has to repeat it. It is read from
 * Playwright's bundle rather than copied, so an upgrade cannot silently drop an entry; when the
 * list cannot be found, the run stops and says so.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(readFileSync(bundle, 'utf8'))?.[1];
  const features = [...(list ?? '').matchAll(/^\s*"(\w+)",?\s*$/gm)].map((match) => match[1] ?? '');
  if (features.length === 0)
    throw new Error(
      `Playwright's disabled-feature list was not found in ${bundle}: update e2e/support/chromium-flags.ts`,
    );
  return features;
}

export const disableFeaturesFlag = `--disable-features=${[...playwrightDisabledFeatures(), ...UNUSED_BROWSER_UI].join(',')}`;
