import { createPublicKey, type KeyObject } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '@benchside/db/database';
import {
  openSignedPackageManifest,
  PackageSigningError,
  signPackageManifest,
} from '@benchside/server/package-signing';
import { type ObjectStorage, readSmallObject } from '@benchside/server/storage/object-storage';
import type { Kysely, NotNull } from 'kysely';
import { loadPackageSigningKey, type SigningKeyConfig } from './signing-key.ts';
import { catalogueKeys } from './torrents.ts';

/**
 * After a publishing key rotation, signs the manifest of every published package with the current
 * key (PACKAGE_SIGNING_KEY). What is signed comes from the catalogue row, never from the stored
 * manifest, so a manifest changed on disk is not vouched for again. A manifest the current key
 * already signed is left as it is: a second run changes nothing.
 */
export async function resignPackageManifests(
  db: Kysely<Database>,
  storage: ObjectStorage,
  config: SigningKeyConfig,
): Promise<{ resigned: number; total: number }> {
  const signingKey = await loadPackageSigningKey(config);
  const publicKey = createPublicKey(signingKey);
  const packages = await db
    .selectFrom('catalogue_files')
    .select(['storage_name', 'size', 'sha256', 'info_hash', 'kind', 'soft', 'version', 'created_at'])
    .where('is_dir', '=', false)
    .where('storage_name', 'is not', null)
    .orderBy('id')
    // publishPackage writes the size, hashes and kind of every row it gives a storage name.
    .$narrowType<{
      storage_name: NotNull;
      size: NotNull;
      sha256: NotNull;
      info_hash: NotNull;
      kind: NotNull;
    }>()
    .execute();
  let resigned = 0;
  for (const row of packages) {
    const key = catalogueKeys.manifest(row.storage_name);
    if (await isSignedBy(await readSmallObject(storage, key), publicKey)) continue;
    const manifest = signPackageManifest(
      {
        name: row.storage_name,
        size: row.size,
        sha256: row.sha256,
        infoHash: row.info_hash,
        kind: row.kind,
        soft: row.soft,
        version: row.version,
        publishedAt: row.created_at.toISOString(),
      },
      signingKey,
    );
    // A put replaces the object whole: the downloads host never serves half a manifest.
    await storage.put(key, Readable.from([Buffer.from(JSON.stringify(manifest))]));
    resigned += 1;
  }
  return { resigned, total: packages.length };
}

async function isSignedBy(stored: Buffer | null, publicKey: KeyObject): Promise<boolean> {
  if (stored === null) return false;
  try {
    openSignedPackageManifest(JSON.parse(stored.toString('utf8')), [publicKey]);
    return true;
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof PackageSigningError) return false;
    throw error;
  }
}
