import { createReadStream } from 'node:fs';
import type { Config } from '@benchside/server/config';
import { NotFoundError } from '@benchside/server/errors';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import type { FastifyInstance } from 'fastify';
import { type SigningKeyConfig, trustedPackageKeys } from '../catalogue/signing-key.ts';

/**
 * Where the installer is kept for every API node to serve: `npm run pack:helper` (and `npm start`)
 * puts it there after packing (storeHelperInstaller).
 */
export const HELPER_INSTALLER_KEY = 'helper-installer/benchside-helper.tgz';

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

/** Puts the packed installer (`file`) in the storage the portal serves it from. */
export async function storeHelperInstaller(storage: ObjectStorage, file: string): Promise<void> {
  await storage.put(HELPER_INSTALLER_KEY, createReadStream(file));
}

export function registerHelperInstallerRoute(
  app: FastifyInstance,
  { storage }: { storage: ObjectStorage },
): void {
  app.get(HELPER_INSTALLER_PATH, async (_request, reply) => {
    const found = await storage.get(HELPER_INSTALLER_KEY);
    if (!found) {
      throw new NotFoundError('The helper installer has not been built on this server (npm run pack:helper)');
    }
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(found.size))
      .header('content-disposition', 'attachment; filename="benchside-helper.tgz"')
      .header('last-modified', found.lastModified.toUTCString())
      .header('cache-control', 'no-cache')
      .send(found.body);
  });
}
