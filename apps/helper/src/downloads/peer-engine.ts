import WebTorrent, { type WebTorrentOptions } from 'webtorrent';
import {
  describeError,
  type Transfer,
  type TransferEngine,
  type TransferRequest,
  WebSeedAgents,
} from './transfer.ts';
import { WebSeedConnection } from './web-seed-connection.ts';

/**
 * Downloads with BitTorrent peers as well as web seeds (HELPER_PEER_TO_PEER=on): webtorrent does
 * the protocol, with DHT, trackers, local discovery and a peer listener as it sets them up by
 * default. Loaded only in that mode, so a helper without peers never starts webtorrent.
 */
export class PeerEngine implements TransferEngine {
  readonly #client: WebTorrent;
  readonly #agents = new WebSeedAgents();
  readonly #warn: (message: string) => void;

  /** `clientOptions` are webtorrent's; the helper leaves them at its defaults. */
  constructor(warn: (message: string) => void, clientOptions: WebTorrentOptions = {}) {
    this.#warn = warn;
    // The engine connects web seeds itself, through WebSeedConnection.
    this.#client = new WebTorrent({ ...clientOptions, webSeeds: false });
    this.#client.on('error', (error: unknown) => warn(`Downloads: ${describeError(error)}`));
  }

  start({ torrent: checked, folder, webSeeds, events }: TransferRequest): Transfer {
    const client = this.#client;
    const torrent = client.add(checked.bytes, {
      path: folder,
      // The cache serves reads of fresh pieces to peers and streams.
      storeCacheSlots: 0,
    });
    const seeds = [...webSeeds];
    const connected = new Set<string>();
    // Web seeds need the piece layout, which exists from the 'metadata' event on.
    let hasMetadata = false;
    const connect = (url: string) => {
      if (!hasMetadata || connected.has(url) || torrent.destroyed) return;
      connected.add(url);
      torrent.addWebSeed(new WebSeedConnection(url, torrent, this.#agents));
    };
    torrent.once('metadata', () => {
      hasMetadata = true;
      for (const url of seeds) connect(url);
    });
    torrent.on('done', () => events.done());
    torrent.on('warning', (warning: unknown) => {
      const piece = /^Piece (\d+) failed verification/.exec(describeError(warning))?.[1];
      if (piece !== undefined) events.pieceFailed(Number(piece));
    });
    torrent.on('error', (error: unknown) => events.failed(error));
    return {
      get ready() {
        return torrent.ready;
      },
      get done() {
        return torrent.done;
      },
      get downloaded() {
        return torrent.downloaded;
      },
      get downloadSpeed() {
        return torrent.downloadSpeed;
      },
      connectWebSeed: (url) => {
        seeds.push(url);
        connect(url);
      },
      // Pausing a torrent does not stop its web-seed requests: it leaves webtorrent altogether.
      stop: async () => {
        if (torrent.destroyed) return;
        await new Promise<void>((resolve) => {
          client
            .remove(torrent, { destroyStore: false }, () => resolve())
            .catch((error: unknown) => {
              this.#warn(`Downloads: cannot stop ${torrent.infoHash}: ${describeError(error)}`);
              resolve();
            });
        });
      },
    };
  }

  setDownloadLimit(bytesPerSecond: number): void {
    this.#client.throttleDownload(bytesPerSecond > 0 ? bytesPerSecond : -1);
  }

  async close(): Promise<void> {
    await new Promise<void>((done) => this.#client.destroy(() => done()));
    this.#agents.destroy();
  }
}
