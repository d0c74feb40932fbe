import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DownloadItem, DownloadState, SignedPackageManifest } from '@benchside/contracts/helper';
import { BadRequestError, ForbiddenError, NotFoundError } from '@benchside/server/errors';
import WebTorrent, { type Torrent, type WebTorrentOptions } from 'webtorrent';
import { DownloadStateFile, type SavedDownload } from './download-state.ts';
import { assertTargetsInside, removeTorrentFiles, resolveDestination } from './torrent-paths.ts';
import { type CheckedTorrent, checkTorrentFile } from './torrent-source.ts';
import { WebSeedAgents, WebSeedConnection } from './web-seed-connection.ts';

export interface DownloadDetails extends DownloadItem {
  /** Absolute paths of the torrent's files. */
  files: string[];
  /** The vendor's signed manifest, when the package came with one (what installing checks). */
  signedManifest?: SignedPackageManifest;
}

export interface AddDownload {
  /** The .torrent file's bytes. */
  torrent: Uint8Array;
  soft: string;
  /** Folder inside the download folder: relative to it, or absolute. */
  path: string;
  /** The vendor's signed manifest of the package, kept for the install. */
  signedManifest?: SignedPackageManifest;
}

export interface DownloadManagerOptions {
  /** Holds the download list; the helper's per-user config folder. */
  stateDir: string;
  /** The current download folder: every download must stay inside the one it was added under. */
  downloadFolder: () => string;
  /** DHT, trackers, local discovery, uTP and a peer listener; off means web seeds only and no open port. */
  peerToPeer?: boolean;
  /** Whether a web seed may be fetched from: the helper's downloads hosts (PackageSource#isAllowed). */
  webSeedAllowed: (url: string) => boolean;
  /** Bytes per second for every transfer together; 0 or left out means no limit. */
  downloadLimit?: number;
  /** Leaves every saved download stopped instead of resuming it (the technician's "pause at startup"). */
  pauseAtStartup?: boolean;
  /** How many downloads transfer at once; the other started ones wait in queue order. */
  maxActive?: number;
  warn?: (message: string) => void;
}

/** What qBittorrent and Motrix run at once by default; more only splits the same line between them. */
export const DEFAULT_MAX_ACTIVE_DOWNLOADS = 3;

const UNANNOUNCED_PORT = 1;
const MAX_SOCKET_PATH_BYTES = 100;
/** A piece failing its hash this often means the web seed serves other bytes than the torrent describes. */
const MAX_PIECE_FAILURES = 3;

interface Download {
  saved: SavedDownload;
  checked: CheckedTorrent;
  torrent?: Torrent;
  /** Connects one more web seed to the running torrent. */
  connectWebSeed?: (url: string) => void;
  failuresByPiece: Map<number, number>;
}

/**
 * BitTorrent downloads fed by HTTP web seeds (BEP 19), with webtorrent doing the protocol and
 * verifying every piece. A stopped download is not in webtorrent at all: pausing a torrent does
 * not stop web-seed requests, so stop removes it (keeping the files) and start adds it again,
 * which re-hashes what is already on disk. The list is the queue: of the started downloads, the
 * first `maxActive` in list order are in webtorrent and the others wait as `queued`.
 */
export class DownloadManager {
  readonly #client: WebTorrent;
  readonly #stateFile: DownloadStateFile;
  readonly #options: DownloadManagerOptions;
  readonly #warn: (message: string) => void;
  readonly #peerSocket: PeerSocket | undefined;
  readonly #webSeedAgents = new WebSeedAgents();
  /** In queue order. */
  #downloads = new Map<string, Download>();
  // Every change to the list runs one at a time, so a start cannot overtake the stop before it.
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  private constructor(options: DownloadManagerOptions, peerSocket: PeerSocket | undefined) {
    this.#options = options;
    this.#warn = options.warn ?? ((message) => console.warn(message));
    this.#stateFile = new DownloadStateFile(options.stateDir);
    this.#peerSocket = peerSocket;
    this.#client = new WebTorrent(clientOptions(peerSocket));
    this.setDownloadLimit(options.downloadLimit ?? 0);
    this.#client.on('error', (error: unknown) => this.#warn(`Downloads: ${describe(error)}`));
    if (peerSocket !== undefined) {
      // On a local socket webtorrent finds no port number, yet its peer discovery refuses to start
      // without one. Nothing announces it (no DHT, trackers or local discovery), so any number does.
      this.#client.once('listening', () => {
        this.#client.torrentPort = UNANNOUNCED_PORT;
      });
    }
  }

  /** Starts the engine and resumes the saved downloads, re-checking the data already on disk. */
  static async open(options: DownloadManagerOptions): Promise<DownloadManager> {
    const peerSocket = options.peerToPeer === true ? undefined : await preparePeerSocket(options.stateDir);
    const manager = new DownloadManager(options, peerSocket);
    await manager.#exclusive(() => manager.#restore());
    return manager;
  }

  async add(request: AddDownload): Promise<DownloadItem> {
    const bytes = request.torrent;
    const checked = await checkTorrentFile(bytes);
    const folder = this.#options.downloadFolder();
    const destination = await resolveDestination(folder, request.path);
    await assertTargetsInside(folder, destination, checked.files);
    return this.#exclusive(async () => {
      const hash = checked.parsed.infoHash;
      const existing = this.#downloads.get(hash);
      if (existing) return this.#item(existing);
      const download: Download = {
        checked,
        failuresByPiece: new Map(),
        saved: {
          hash,
          soft: request.soft,
          folder,
          path: destination,
          torrent: Buffer.from(bytes).toString('base64'),
          webSeeds: [],
          started: true,
          done: false,
          downloaded: 0,
          ...(request.signedManifest === undefined ? {} : { signedManifest: request.signedManifest }),
        },
      };
      this.#downloads.set(hash, download);
      await this.#settle();
      return this.#item(download);
    });
  }

  /** Adds HTTP(S) web seeds to a download, remembered across restarts. */
  async addWebSeeds(hash: string, urls: string[]): Promise<DownloadItem> {
    for (const url of urls) this.#assertWebSeedUrl(url);
    return this.#changeOne(hash, (download) => {
      const known = new Set([...download.checked.parsed.urlList, ...download.saved.webSeeds]);
      const fresh = [...new Set(urls)].filter((url) => !known.has(url));
      download.saved.webSeeds.push(...fresh);
      for (const url of fresh) download.connectWebSeed?.(url);
    });
  }

  async start(hash: string): Promise<DownloadItem> {
    return this.#changeOne(hash, (download) => {
      if (!download.saved.done) this.#startOne(download);
    });
  }

  async stop(hash: string): Promise<DownloadItem> {
    return this.#changeOne(hash, (download) => this.#stopOne(download));
  }

  /** Under the lock: changes one download, saves the list and answers the download as it is now. */
  #changeOne(hash: string, change: (download: Download) => Promise<void> | void): Promise<DownloadItem> {
    return this.#exclusive(async () => {
      const download = this.#find(hash);
      await change(download);
      await this.#settle();
      return this.#item(download);
    });
  }

  async startAll(): Promise<DownloadItem[]> {
    return this.#exclusive(async () => {
      for (const download of this.#downloads.values()) {
        if (!download.saved.done) this.#startOne(download);
      }
      await this.#settle();
      return this.#list();
    });
  }

  async stopAll(): Promise<DownloadItem[]> {
    return this.#exclusive(async () => {
      for (const download of this.#downloads.values()) await this.#stopOne(download);
      await this.#settle();
      return this.#list();
    });
  }

  /** Forgets a download; with `withData` its files go too. */
  async remove(hash: string, withData = false): Promise<void> {
    await this.#exclusive(async () => {
      const download = this.#find(hash);
      await this.#release(download);
      this.#downloads.delete(download.saved.hash);
      await this.#settle();
      if (withData) {
        await removeTorrentFiles(download.saved.folder, download.saved.path, download.checked.files);
      }
    });
  }

  /** Moves a download one place up or down the queue; answers the whole list in its new order. */
  async move(hash: string, direction: 'up' | 'down'): Promise<DownloadItem[]> {
    return this.#exclusive(async () => {
      const order = [...this.#downloads.values()];
      const from = order.indexOf(this.#find(hash));
      const to = direction === 'up' ? from - 1 : from + 1;
      const [moving, other] = [order[from], order[to]];
      if (moving !== undefined && other !== undefined) {
        order[to] = moving;
        order[from] = other;
        this.#downloads = new Map(order.map((download) => [download.saved.hash, download]));
        await this.#settle();
      }
      return this.#list();
    });
  }

  /** Caps every transfer together at `bytesPerSecond`; 0 lifts the cap. Running transfers slow down at once. */
  setDownloadLimit(bytesPerSecond: number): void {
    this.#client.throttleDownload(bytesPerSecond > 0 ? bytesPerSecond : -1);
  }

  list(softName?: string): DownloadItem[] {
    return this.#list(softName);
  }

  /** One download with the absolute paths of its files, for installing or showing them. */
  get(hash: string): DownloadDetails {
    const download = this.#find(hash);
    return {
      ...this.#item(download),
      files: download.checked.files.map((components) => join(download.saved.path, ...components)),
      ...(download.saved.signedManifest === undefined
        ? {}
        : { signedManifest: download.saved.signedManifest }),
    };
  }

  /** Stops every transfer and closes webtorrent; the saved list is already on disk. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#exclusive(async () => {
      for (const download of this.#downloads.values()) await this.#release(download);
      await new Promise<void>((done) => this.#client.destroy(() => done()));
      this.#webSeedAgents.destroy();
      if (this.#peerSocket?.temporaryFolder) {
        await rm(this.#peerSocket.temporaryFolder, { recursive: true, force: true });
      }
    });
  }

  #assertWebSeedUrl(url: string): void {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new BadRequestError(`The web seed ${JSON.stringify(url)} is not a URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new BadRequestError(`The web seed ${JSON.stringify(url)} must be an http or https URL`);
    }
    if (!this.#options.webSeedAllowed(url)) {
      throw new ForbiddenError(
        `The helper fetches web seeds only from the portal's downloads host; ${JSON.stringify(url)} is elsewhere`,
      );
    }
  }

  #list(softName?: string): DownloadItem[] {
    return [...this.#downloads.values()]
      .map((download, index) => this.#item(download, index + 1))
      .filter((item) => softName === undefined || item.soft === softName);
  }

  #item(download: Download, position = [...this.#downloads.values()].indexOf(download) + 1): DownloadItem {
    const { saved, checked, torrent } = download;
    const size = checked.parsed.length;
    const state = stateOf(download);
    const live = torrent !== undefined && state === 'downloading';
    const downloaded = state === 'done' ? size : live ? Math.min(torrent.downloaded, size) : saved.downloaded;
    const downloadSpeed = live ? Math.round(torrent.downloadSpeed) : 0;
    const eta =
      state === 'done'
        ? 0
        : live && downloadSpeed > 0
          ? Math.ceil((size - downloaded) / downloadSpeed)
          : null;
    const item: DownloadItem = {
      hash: saved.hash,
      name: checked.parsed.name,
      soft: saved.soft,
      path: saved.path,
      size,
      downloaded,
      progress: size > 0 ? downloaded / size : 0,
      downloadSpeed,
      state,
      position,
      eta,
    };
    if (saved.error !== undefined) item.error = saved.error;
    return item;
  }

  #find(hash: string): Download {
    const download = this.#downloads.get(hash.toLowerCase());
    if (!download) throw new NotFoundError(`There is no download with hash ${hash}`);
    return download;
  }

  /** Puts the download in the queue; #settle decides when it runs. */
  #startOne(download: Download): void {
    download.saved.started = true;
    delete download.saved.error;
    download.failuresByPiece.clear();
  }

  async #stopOne(download: Download): Promise<void> {
    download.saved.started = false;
    await this.#release(download);
  }

  /** Hands the download to webtorrent after proving again that its files stay in the download folder. */
  async #activate(download: Download): Promise<void> {
    const { saved, checked } = download;
    try {
      await assertTargetsInside(saved.folder, saved.path, checked.files);
    } catch (error) {
      saved.error = describe(error);
      return;
    }
    const torrent = this.#client.add(checked.bytes, {
      path: saved.path,
      // The cache serves reads of fresh pieces to peers and streams; a web-seed download has neither.
      storeCacheSlots: 0,
    });
    download.torrent = torrent;
    const connected = new Set<string>();
    const connect = (url: string) => {
      if (connected.has(url) || torrent.destroyed) return;
      if (!this.#options.webSeedAllowed(url)) {
        this.#warn(`Downloads: ignoring the web seed ${url}: it is not on the portal's downloads host`);
        return;
      }
      connected.add(url);
      torrent.addWebSeed(new WebSeedConnection(url, torrent, this.#webSeedAgents));
    };
    // Web seeds need the piece layout, which exists from the 'metadata' event on.
    torrent.once('metadata', () => {
      for (const url of [...checked.parsed.urlList, ...saved.webSeeds]) connect(url);
      download.connectWebSeed = connect;
    });
    torrent.on('done', () => {
      void this.#whenCurrent(download, torrent, async () => {
        download.saved.done = true;
        download.saved.downloaded = checked.parsed.length;
        // Nothing is left to fetch and no peer may connect: keep no connections or handles open.
        // The settle after this change then hands the freed slot to the next in line.
        await this.#release(download);
      });
    });
    torrent.on('warning', (warning: unknown) => {
      const piece = /^Piece (\d+) failed verification/.exec(describe(warning))?.[1];
      if (piece === undefined) return;
      const failures = (download.failuresByPiece.get(Number(piece)) ?? 0) + 1;
      download.failuresByPiece.set(Number(piece), failures);
      if (failures !== MAX_PIECE_FAILURES) return;
      void this.#whenCurrent(download, torrent, async () => {
        download.saved.error = `The download source sends corrupt data: piece ${piece} failed verification ${failures} times`;
        download.saved.started = false;
        await this.#release(download);
      });
    });
    torrent.on('error', (error: unknown) => {
      void this.#whenCurrent(download, torrent, async () => {
        download.saved.error = describe(error);
        download.saved.started = false;
        await this.#release(download);
      });
    });
  }

  /** Takes the download out of webtorrent, leaving its files as they are. */
  async #release(download: Download): Promise<void> {
    const torrent = download.torrent;
    if (torrent === undefined) return;
    download.torrent = undefined;
    delete download.connectWebSeed;
    if (!download.saved.done && torrent.ready) download.saved.downloaded = torrent.downloaded;
    if (torrent.destroyed) return;
    await new Promise<void>((resolve) => {
      this.#client
        .remove(torrent, { destroyStore: false }, () => resolve())
        .catch((error: unknown) => {
          this.#warn(`Downloads: cannot stop ${download.saved.hash}: ${describe(error)}`);
          resolve();
        });
    });
  }

  /** Runs a reaction to a torrent event unless the download was stopped or removed in the meantime. */
  #whenCurrent(download: Download, torrent: Torrent, change: () => Promise<void>): Promise<void> {
    return this.#exclusive(async () => {
      if (
        this.#closed ||
        download.torrent !== torrent ||
        this.#downloads.get(download.saved.hash) !== download
      )
        return;
      await change();
      await this.#settle();
    }).catch((error: unknown) => this.#warn(`Downloads: ${describe(error)}`));
  }

  async #restore(): Promise<void> {
    for (const saved of await this.#stateFile.read(this.#warn)) {
      let checked: CheckedTorrent;
      try {
        checked = await checkTorrentFile(Buffer.from(saved.torrent, 'base64'));
      } catch (error) {
        this.#warn(`Downloads: dropping the saved download ${saved.hash}: ${describe(error)}`);
        continue;
      }
      if (checked.parsed.infoHash !== saved.hash) {
        this.#warn(`Downloads: dropping the saved download ${saved.hash}: its torrent has another hash`);
        continue;
      }
      const download: Download = { saved, checked, failuresByPiece: new Map() };
      this.#downloads.set(saved.hash, download);
      if (saved.done && !(await filesHaveTheirSizes(saved.path, checked))) {
        saved.done = false;
        saved.downloaded = 0;
      }
      if (this.#options.pauseAtStartup === true) saved.started = false;
    }
    await this.#settle();
  }

  /**
   * Gives webtorrent the first `maxActive` started downloads in queue order and takes the others
   * out, then saves the list: after any change, the right downloads run and the file says so.
   */
  async #settle(): Promise<void> {
    let free = this.#options.maxActive ?? DEFAULT_MAX_ACTIVE_DOWNLOADS;
    for (const download of this.#downloads.values()) {
      const { saved } = download;
      const wanted = saved.started && !saved.done && saved.error === undefined;
      if (wanted && free > 0) {
        if (download.torrent === undefined) await this.#activate(download);
        // A download that cannot start (its files would leave the folder) leaves its slot to the next.
        if (saved.error === undefined) free -= 1;
      } else if (!saved.done) {
        await this.#release(download);
      }
    }
    await this.#save();
  }

  #save(): Promise<void> {
    return this.#stateFile.write([...this.#downloads.values()].map((download) => download.saved));
  }

  #exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(operation);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}

function stateOf({ saved, torrent }: Download): DownloadState {
  if (saved.error !== undefined) return 'error';
  if (saved.done) return 'done';
  if (torrent === undefined) return saved.started ? 'queued' : 'stopped';
  if (torrent.done) return 'done';
  return torrent.ready ? 'downloading' : 'checking';
}

interface PeerSocket {
  path: string;
  /** Made for this run only, removed on close. */
  temporaryFolder?: string;
}

/**
 * webtorrent always starts a peer listener and offers no switch for it; it hands `torrentPort` to
 * net.Server#listen unchanged, so a local socket beside the saved list takes the place of a TCP port.
 */
async function preparePeerSocket(stateDir: string): Promise<PeerSocket> {
  if (process.platform === 'win32')
    return { path: `\\\\.\\pipe\\benchside-peers-${process.pid}-${Date.now()}` };
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const path = join(stateDir, 'peers.sock');
  // Left behind by a killed helper, it would make listen fail.
  await rm(path, { force: true });
  // Socket paths are limited to about 100 bytes on Linux and macOS.
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES) return { path };
  const temporaryFolder = await mkdtemp(join(tmpdir(), 'benchside-peers-'));
  return { path: join(temporaryFolder, 'peers.sock'), temporaryFolder };
}

function clientOptions(peerSocket: PeerSocket | undefined): WebTorrentOptions {
  // The manager connects web seeds itself, through WebSeedConnection.
  if (peerSocket === undefined) return { webSeeds: false };
  return {
    webSeeds: false,
    dht: false,
    tracker: false,
    lsd: false,
    utp: false,
    utPex: false,
    natUpnp: false,
    natPmp: false,
    torrentPort: { path: peerSocket.path },
  };
}

async function filesHaveTheirSizes(destination: string, checked: CheckedTorrent): Promise<boolean> {
  const lengths = checked.parsed.files.map((file) => file.length);
  for (const [index, components] of checked.files.entries()) {
    const size = await stat(join(destination, ...components)).then(
      (found) => found.size,
      () => -1,
    );
    if (size !== lengths[index]) return false;
  }
  return true;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
