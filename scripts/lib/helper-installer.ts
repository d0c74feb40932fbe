import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { INSTALLER_PATH, packHelper } from '../../apps/helper/scripts/pack.ts';
import { newestModification } from './web-build.ts';

/** What the installer bundle is made of: a change to any of these makes it stale. */
const HELPER_INPUTS = [
  'apps/helper/src',
  'apps/helper/scripts/pack.ts',
  'apps/helper/package.json',
  'packages/contracts/src',
  'packages/server/src',
  'package-lock.json',
];

/** Packs the installer the portal serves at /dl/helper/benchside-helper.tgz when it is missing or stale. */
export async function packHelperIfStale(root: string, logger: Logger): Promise<void> {
  if (existsSync(INSTALLER_PATH)) {
    const packedAt = (await stat(INSTALLER_PATH)).mtimeMs;
    const inputs = await Promise.all(HELPER_INPUTS.map((input) => newestModification(join(root, input))));
    if (inputs.every((modified) => modified <= packedAt)) return;
  }
  const started = Date.now();
  const { bytes } = await packHelper();
  logger.info(
    `Helper installer packed in ${((Date.now() - started) / 1000).toFixed(1)} s (${(bytes / 1024 / 1024).toFixed(1)} MiB)`,
  );
}
