import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '@benchside/server/config';
import { NotFoundError } from '@benchside/server/errors';
import type { FastifyInstance } from 'fastify';
import { type SigningKeyConfig, trustedPackageKeys } from '../catalogue/signing-key.ts';

/** What `npm run pack:helper` writes (and `npm start` refreshes). */
export const HELPER_INSTALLER_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../helper/dist/benchside-helper.tgz',
);

/**
 * The default `HELPER_INSTALLER_URL` is `$DOWNLOADS_HOST/helper/benchside-helper.tgz` on this
 * portal's downloads host: the Launch Helper modal's "download the installer". Public, like any
 * vendor's installer; it holds no secret.
 */
export const HELPER_INSTALLER_PATH = '/dl/helper/benchside-helper.tgz';

/** What the installer a portal serves is built to trust (apps/helper/src/built-in.ts). */
export interface HelperInstallerTrust {
  portalUrl: string;
  downloadsHost: string;
  packageKeys: string[];
}

/** This portal, its downloads host and the public halves of its package signing keys (current and next). */
export async function helperInstallerTrust(
  config: Pick<Config, 'publicUrl' | 'downloadsHost' | 'packageSigningKeyNext'> & SigningKeyConfig,
): Promise<HelperInstallerTrust> {
  return {
    portalUrl: config.publicUrl,
    downloadsHost: config.downloadsHost,
    packageKeys: await trustedPackageKeys(config),
  };
}

export function registerHelperInstallerRoute(
  app: FastifyInstance,
  { file = HELPER_INSTALLER_FILE }: { file?: string } = {},
): void {
  app.get(HELPER_INSTALLER_PATH, async (_request, reply) => {
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) {
      throw new NotFoundError('The helper installer has not been built on this server (npm run pack:helper)');
    }
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(found.size))
      .header('content-disposition', 'attachment; filename="benchside-helper.tgz"')
      .header('last-modified', found.mtime.toUTCString())
      .header('cache-control', 'no-cache')
      .send(createReadStream(file));
  });
}
