import type { KeyObject } from 'node:crypto';
import {
  PACKAGE_MANIFEST_FOLDER,
  type PackageManifest,
  type SignedPackageManifest,
  signedPackageManifestSchema,
} from '@benchside/contracts/helper';
import { ConflictError, ForbiddenError, UnprocessableError } from '@benchside/server/errors';
import { openSignedPackageManifest, PackageSigningError } from '@benchside/server/package-signing';
import { checkTorrentFile, fetchSmallFile, fetchTorrentFile } from './torrent-source.ts';

const MAX_MANIFEST_BYTES = 16 * 1024;

export interface PackageTrust {
  /** URL prefixes of the portal's downloads host(s), without a trailing slash. */
  downloadsHosts: readonly string[];
  /** The vendor's publishing keys (two while it rotates them); none trusts no package. */
  publicKeys: readonly KeyObject[];
}

export interface TrustedPackage {
  torrent: Uint8Array;
  manifest: PackageManifest;
  /** The manifest as signed, kept with the download for the install to check again. */
  signedManifest: SignedPackageManifest;
}

/**
 * Where the helper's packages come from, decided by the helper's own configuration and never by
 * the page: torrents, manifests and web seeds only from the portal's downloads host(s), and a
 * package only with the manifest the vendor signed for it.
 */
export class PackageSource {
  readonly #trust: PackageTrust;

  constructor(trust: PackageTrust) {
    this.#trust = trust;
  }

  /** Whether the helper may fetch from this URL at all. */
  isAllowed(url: string): boolean {
    return this.#hostOf(url) !== undefined;
  }

  /** Refuses, with a 403 the page can show, any URL outside the downloads host(s). */
  assertAllowed(url: string, what: string): void {
    if (!this.isAllowed(url)) {
      throw new ForbiddenError(
        `The helper fetches ${what}s only from the portal's downloads host (${this.#trust.downloadsHosts.join(', ')}); ${JSON.stringify(url)} is elsewhere`,
      );
    }
  }

  /**
   * The .torrent at `torrentUrl` and the vendor's signed manifest beside it
   * (`<host>/manifest/<name>`, with the same link signature), proven to describe that torrent.
   */
  async fetch(torrentUrl: string): Promise<TrustedPackage> {
    this.assertAllowed(torrentUrl, 'torrent');
    const host = this.#hostOf(torrentUrl) ?? '';
    const { publicKeys } = this.#trust;
    if (publicKeys.length === 0) {
      throw new ConflictError(
        'This helper trusts no publishing key (HELPER_PACKAGE_KEY, or an installer from the portal), so it downloads no package',
      );
    }
    const torrent = await fetchTorrentFile(torrentUrl);
    const { parsed } = await checkTorrentFile(torrent);
    const manifestUrl = `${host}/${PACKAGE_MANIFEST_FOLDER}/${encodeURIComponent(parsed.name)}${new URL(torrentUrl).search}`;
    const document = parseJson(
      await fetchSmallFile(manifestUrl, { what: 'package manifest', maxBytes: MAX_MANIFEST_BYTES }),
    );
    let manifest: PackageManifest;
    let signedManifest: SignedPackageManifest;
    try {
      manifest = openSignedPackageManifest(document, publicKeys);
      signedManifest = signedPackageManifestSchema.parse(document);
    } catch (error) {
      if (error instanceof PackageSigningError) {
        throw new UnprocessableError(`Package refused: ${error.message}`);
      }
      throw error;
    }
    const describesTorrent =
      parsed.files.length === 1 &&
      manifest.name === parsed.name &&
      manifest.size === parsed.length &&
      manifest.infoHash === parsed.infoHash;
    if (!describesTorrent) {
      throw new UnprocessableError(
        'Package refused: the signed manifest describes another package than this torrent',
      );
    }
    return { torrent, manifest, signedManifest };
  }

  #hostOf(url: string): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.username !== '' || parsed.password !== '') return undefined;
    return this.#trust.downloadsHosts.find((host) => {
      const prefix = new URL(host);
      return (
        parsed.origin === prefix.origin &&
        parsed.pathname.startsWith(`${prefix.pathname.replace(/\/$/, '')}/`)
      );
    });
  }
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new UnprocessableError('Package refused: the package manifest is not JSON');
  }
}
