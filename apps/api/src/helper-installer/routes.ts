import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type HelperInstaller, helperInstallerSchema } from '@benchside/contracts/helper';
import type { Config } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { NotFoundError } from '@benchside/server/errors';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import { list, type ReadEntry } from 'tar';
import { type SigningKeyConfig, trustedPackageKeys } from '../catalogue/signing-key.ts';

/**
 * Where the installer is kept for every API node to serve: `npm run pack:helper` (and `npm start`)
 * puts it there after packing (storeHelperInstaller).
 */
export const HELPER_INSTALLER_KEY = 'helper-installer/benchside-helper.tgz';
/** What is known of the installer beside it (HelperInstaller), written with it. */
export const HELPER_INSTALLER_ABOUT_KEY = 'helper-installer/benchside-helper.json';

/** The helper panel's "is an update available?" reads the version here. */
export const HELPER_INSTALLER_INFO_PATH = '/api/helper/installer';

const NOT_BUILT = 'The helper installer has not been built on this server (npm run pack:helper)';

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

/**
 * Puts the packed installer (`file`) in the storage the portal serves it from, and beside it the
 * version its own package.json names: what is served, not what the source tree says now. An
 * installer the storage already holds, with its version written after it, is left as it is.
 */
export async function storeHelperInstaller(storage: ObjectStorage, file: string): Promise<void> {
  const installer = await readFile(file);
  if (await isStored(storage, installer)) return;
  await storage.put(HELPER_INSTALLER_KEY, Readable.from([installer]));
  const version = await installerVersion(file);
  if (version === null) {
    await storage.delete(HELPER_INSTALLER_ABOUT_KEY);
    return;
  }
  const about: HelperInstaller = { version };
  await storage.put(HELPER_INSTALLER_ABOUT_KEY, Readable.from([Buffer.from(JSON.stringify(about))]));
}

/**
 * Whether the storage serves exactly `installer`, and what is known of it was written after it (so
 * not left by an older installer when a store stopped between the two writes).
 */
async function isStored(storage: ObjectStorage, installer: Buffer): Promise<boolean> {
  const [stored, about] = await Promise.all([
    storage.get(HELPER_INSTALLER_KEY),
    storage.stat(HELPER_INSTALLER_ABOUT_KEY),
  ]);
  if (!stored) return false;
  if (stored.size !== installer.length || !about || about.lastModified < stored.lastModified) {
    stored.body.destroy();
    return false;
  }
  return (await buffer(stored.body)).equals(installer);
}

/** `package/package.json`'s version inside the tarball; null when the file is not an installer. */
async function installerVersion(file: string): Promise<string | null> {
  let manifest: Promise<Buffer> | undefined;
  try {
    const onReadEntry = (entry: ReadEntry) => {
      manifest = entry.concat();
    };
    await list({ file, onReadEntry }, ['package/package.json']);
    if (manifest === undefined) return null;
    const parsed = helperInstallerSchema.safeParse(JSON.parse((await manifest).toString('utf8')));
    return parsed.success ? parsed.data.version : null;
  } catch {
    return null;
  }
}

export function registerHelperInstallerRoute(app: App, { storage }: { storage: ObjectStorage }): void {
  app.get(HELPER_INSTALLER_PATH, async (_request, reply) => {
    const found = await storage.get(HELPER_INSTALLER_KEY);
    if (!found) throw new NotFoundError(NOT_BUILT);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(found.size))
      .header('content-disposition', 'attachment; filename="benchside-helper.tgz"')
      .header('last-modified', found.lastModified.toUTCString())
      .header('cache-control', 'no-cache')
      .send(found.body);
  });

  // Public like the installer itself: its version tells nobody anything the download does not.
  app.get(
    HELPER_INSTALLER_INFO_PATH,
    {
      schema: {
        tags: ['helper'],
        summary: 'The version of the helper installer this portal serves; 404 when none was built',
        response: { 200: helperInstallerSchema },
      },
    },
    async (): Promise<HelperInstaller> => {
      const found = await storage.get(HELPER_INSTALLER_ABOUT_KEY);
      if (!found) throw new NotFoundError(NOT_BUILT);
      return helperInstallerSchema.parse(JSON.parse((await buffer(found.body)).toString('utf8')));
    },
  );
}
