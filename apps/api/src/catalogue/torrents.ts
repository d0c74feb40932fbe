import type { Readable } from 'node:stream';
import createTorrent from 'create-torrent';
import parseTorrent, { toTorrentFile } from 'parse-torrent';

/** Spec'd for the downloads host: 1 MiB pieces (20 bytes of hashes per MiB in the .torrent). */
export const PIECE_LENGTH = 1024 * 1024;

/** A package's name on the downloads host: no folders, no hidden files, never ending in `.torrent`. */
export const STORAGE_NAME_PATTERN = /^(?!.*\.torrent$)[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/;

/** Where a published package, its torrent and its signed manifest are kept in the object storage. */
export const catalogueKeys = {
  package: (name: string) => `catalogue/packages/${name}`,
  torrent: (name: string) => `catalogue/torrents/${name}.torrent`,
  manifest: (name: string) => `catalogue/manifests/${name}.json`,
};

/**
 * A single-file torrent without trackers or web seeds: the info dictionary holds only the name,
 * length, piece length and piece hashes, so the same bytes under the same name always give the
 * same info hash. create-torrent reads the package as a stream.
 */
export function createPackageTorrent(content: Readable, name: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    createTorrent(
      content,
      { name, pieceLength: PIECE_LENGTH, announceList: [], urlList: [] },
      (error, torrent) => (error ? reject(error) : resolve(Uint8Array.from(torrent))),
    );
  });
}

export async function infoHashOf(torrent: Uint8Array): Promise<string> {
  return (await parseTorrent(torrent)).infoHash;
}

/** The stored torrent with these BEP 19 web seeds (`url-list`), in order; the info hash is unchanged. */
export async function withWebSeeds(torrent: Uint8Array, webSeedUrls: string[]): Promise<Uint8Array> {
  const parsed = await parseTorrent(torrent);
  parsed.urlList = webSeedUrls;
  return toTorrentFile(parsed);
}

/**
 * The package at each of WEB_SEED_URLS (a CDN, the bucket's public address): unsigned addresses
 * anyone may fetch, so a restricted package, which only its entitled users may download, has none.
 */
export function extraWebSeeds(
  webSeedUrls: readonly string[],
  row: { storage_name: string; restricted: boolean },
): string[] {
  if (row.restricted) return [];
  return webSeedUrls.map((base) => `${base}/${encodeURIComponent(row.storage_name)}`);
}
