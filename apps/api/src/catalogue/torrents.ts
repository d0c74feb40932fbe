import { join } from 'node:path';
import createTorrent from 'create-torrent';
import parseTorrent, { toTorrentFile } from 'parse-torrent';

/** Spec'd for the downloads host: 1 MiB pieces (20 bytes of hashes per MiB in the .torrent). */
export const PIECE_LENGTH = 1024 * 1024;

/** A package's name on the downloads host: no folders, no hidden files, never ending in `.torrent`. */
export const STORAGE_NAME_PATTERN = /^(?!.*\.torrent$)[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/;

/** Where published packages and their torrents live under DATA_DIR. */
export function catalogueStorage(dataDir: string) {
  const root = join(dataDir, 'catalogue');
  return {
    root,
    packages: join(root, 'packages'),
    torrents: join(root, 'torrents'),
    manifests: join(root, 'manifests'),
    packagePath: (name: string) => join(root, 'packages', name),
    torrentPath: (name: string) => join(root, 'torrents', `${name}.torrent`),
    manifestPath: (name: string) => join(root, 'manifests', `${name}.json`),
  };
}
export type CatalogueStorage = ReturnType<typeof catalogueStorage>;

/**
 * A single-file torrent without trackers or web seeds: the info dictionary holds only the name,
 * length, piece length and piece hashes, so the same bytes under the same name always give the
 * same info hash. create-torrent reads the file as a stream.
 */
export function createPackageTorrent(filePath: string, name: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    createTorrent(
      filePath,
      { name, pieceLength: PIECE_LENGTH, announceList: [], urlList: [] },
      (error, torrent) => (error ? reject(error) : resolve(Uint8Array.from(torrent))),
    );
  });
}

export async function infoHashOf(torrent: Uint8Array): Promise<string> {
  return (await parseTorrent(torrent)).infoHash;
}

/** The stored torrent with the host as its BEP 19 web seed (`url-list`); the info hash is unchanged. */
export async function withWebSeed(torrent: Uint8Array, webSeedUrl: string): Promise<Uint8Array> {
  const parsed = await parseTorrent(torrent);
  parsed.urlList = [webSeedUrl];
  return toTorrentFile(parsed);
}
