import type { KeyObject } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { PackageManifest } from '@benchside/contracts/helper';
import { openSignedPackageManifest, PackageSigningError } from '@benchside/server/package-signing';
import type { DownloadDetails } from '../downloads/download-manager.ts';
import { verifyPackageHash } from '../downloads/package-hash.ts';

export type PackageVerdict =
  | { ok: true; manifest: PackageManifest }
  | { ok: false; status: 409 | 422; reason: string };

/**
 * The install decision's proof: the downloaded file is exactly the package the vendor signed. The
 * signature is checked again here, against the keys the helper trusts now, because the manifest
 * was kept on disk between the download and the install.
 */
export async function verifyDownloadedPackage(
  download: Pick<DownloadDetails, 'signedManifest'>,
  packageFile: string,
  publicKeys: readonly KeyObject[],
): Promise<PackageVerdict> {
  if (publicKeys.length === 0) {
    return { ok: false, status: 409, reason: 'this helper trusts no publishing key, so it installs nothing' };
  }
  if (download.signedManifest === undefined) {
    return {
      ok: false,
      status: 409,
      reason: 'the download came without the vendor’s signed manifest, so it cannot be verified',
    };
  }
  let manifest: PackageManifest;
  try {
    manifest = openSignedPackageManifest(download.signedManifest, publicKeys);
  } catch (error) {
    if (error instanceof PackageSigningError) return { ok: false, status: 422, reason: error.message };
    throw error;
  }
  const size = await stat(packageFile).then(
    (found) => found.size,
    () => -1,
  );
  if (size !== manifest.size || !(await verifyPackageHash(packageFile, manifest.sha256))) {
    return { ok: false, status: 422, reason: 'the package does not match the manifest the vendor signed' };
  }
  return { ok: true, manifest };
}
