import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { HelperInstallerTrust } from '../../apps/api/src/helper-installer/routes.ts';
import { INSTALLER_PATH, INSTALLER_TRUST_PATH, packHelper } from '../../apps/helper/scripts/pack.ts';
import { newestModification } from './web-build.ts';

/** What the installer bundle is made of: a change to any of these makes it stale. */
const HELPER_INPUTS = [
  'apps/helper/src',
  'apps/helper/scripts/pack.ts',
  'apps/helper/package.json',
  'packages/contracts/src',
  'packages/card-crypto/src',
  'packages/server/src',
  'package-lock.json',
];

/**
 * Packs the installer the portal serves at /dl/helper/benchside-helper.tgz when it is missing,
 * stale, or built to trust another portal or key than `trust`.
 */
export async function packHelperIfStale(
  root: string,
  logger: Logger,
  trust: HelperInstallerTrust,
): Promise<void> {
  if (existsSync(INSTALLER_PATH) && (await builtFor(trust))) {
    const packedAt = (await stat(INSTALLER_PATH)).mtimeMs;
    const inputs = await Promise.all(HELPER_INPUTS.map((input) => newestModification(join(root, input))));
    if (inputs.every((modified) => modified <= packedAt)) return;
  }
  const started = Date.now();
  const { bytes } = await packHelper(trust);
  logger.info(
    `Helper installer packed in ${((Date.now() - started) / 1000).toFixed(1)} s (${(bytes / 1024 / 1024).toFixed(1)} MiB)`,
  );
}

async function builtFor(trust: HelperInstallerTrust): Promise<boolean> {
  const text = await readFile(INSTALLER_TRUST_PATH, 'utf8').catch(() => '');
  return text.trim() === JSON.stringify(trust);
}
