import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { HelperInstallerTrust } from '../../apps/api/src/helper-installer/routes.ts';
import { INSTALLER_INPUTS_PATH, INSTALLER_TRUST_PATH, packHelper } from '../../apps/helper/scripts/pack.ts';
import { isBuildCurrent, readBuildInputs } from './build-inputs.mjs';

/**
 * Packs the installer the portal serves at /dl/helper/benchside-helper.tgz when it is missing,
 * stale, or built to trust another portal or key than `trust`.
 */
export async function packHelperIfStale(
  root: string,
  logger: Logger,
  trust: HelperInstallerTrust,
): Promise<void> {
  if (isBuildCurrent(readBuildInputs(INSTALLER_INPUTS_PATH), root) && (await builtFor(trust))) return;
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
