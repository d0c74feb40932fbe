import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium-flags.ts';

export type PageWeight = {
  gzipBytes: number;
  rawBytes: number;
  files: Array<{ url: string; type: 'script' | 'stylesheet'; rawBytes: number; gzipBytes: number }>;
};

/** Every JS and CSS file the page loads in a fresh Chromium, each gzipped here at level 9. */
export async function measurePageWeight(url: string): Promise<PageWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const pending: Array<Promise<PageWeight['files'][number] | undefined>> = [];
    page.on('response', (response) => {
      const resourceType = response.request().resourceType();
      if (resourceType !== 'script' && resourceType !== 'stylesheet') return;
      pending.push(
        response.body().then(
          (body) => ({
            url: response.url(),
            type: resourceType,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          }),
          () => undefined,
        ),
      );
    });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    const files = (await Promise.all(pending)).filter((file) => file !== undefined);
    return {
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
      rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
      files,
    };
  } finally {
    await browser.close();
  }
}
