import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PeerEngine } from '../../src/downloads/peer-engine.ts';
import { checkTorrentFile } from '../../src/downloads/torrent-source.ts';
import { type RangeFileServer, startRangeFileServer } from '../range-file-server.ts';
import { makeTempDir } from '../support.ts';
import { PIECE_LENGTH, torrentFor, waitFor, writeRandomFile } from './fixtures.ts';

// HELPER_PEER_TO_PEER=on runs webtorrent with its defaults; here its discovery stays off, so the
// test sends nothing off this machine (decision 084), and the web seed is the only source.
const NO_DISCOVERY = { dht: false, tracker: false, lsd: false, utPex: false, natUpnp: false, natPmp: false };

describe('PeerEngine (peer-to-peer on)', { timeout: 30_000 }, () => {
  let work: string;
  let server: RangeFileServer | undefined;
  let engine: PeerEngine | undefined;

  beforeEach(async () => {
    work = await makeTempDir('peer-engine');
  });

  afterEach(async () => {
    await engine?.close();
    await server?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('downloads a package from its web seed through webtorrent, every piece verified', async () => {
    const source = join(work, 'package.bin');
    const content = await writeRandomFile(source, 8 * PIECE_LENGTH + 1000);
    server = await startRangeFileServer({ files: { '/seed/package.bin': source } });
    const torrent = await checkTorrentFile(await torrentFor(source, server.url('/seed/package.bin')));
    const warnings: string[] = [];
    engine = new PeerEngine((message) => warnings.push(message), NO_DISCOVERY);
    let done = false;

    const transfer = engine.start({
      torrent,
      folder: join(work, 'downloads'),
      webSeeds: [server.url('/seed/package.bin')],
      events: {
        done: () => {
          done = true;
        },
        pieceFailed: (index) => warnings.push(`piece ${index} failed`),
        failed: (error) => warnings.push(String(error)),
      },
    });
    await waitFor(() => done, 20_000, 'the download to finish');

    expect(transfer).toMatchObject({ ready: true, done: true, downloaded: content.length });
    expect((await readFile(join(work, 'downloads', 'package.bin'))).equals(content)).toBe(true);
    expect(warnings).toEqual([]);
    await transfer.stop();
  });
});
