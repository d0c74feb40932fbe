import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadItem, DownloadState, SignedPackageManifest } from '@benchside/contracts/helper';
import { BadRequestError, ForbiddenError, NotFoundError } from '@benchside/server/errors';
import { DownloadStateFile, type SavedDownload } from './download-state.ts';
import { assertTargetsInside, removeTorrentFiles, resolveDestination } from './torrent-paths.ts';
import { type CheckedTorrent, checkTorrentFile } from './torrent-source.ts';
import { describeError, type Transfer, type TransferEngine, type TransferEvents } from './transfer.ts';
import { WebSeedEngine } from './web-seed-download.ts';

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

/** A piece failing its hash this often means the web seed serves other bytes than the torrent describes. */
const MAX_PIECE_FAILURES = 3;

interface Download {
  saved: SavedDownload;
  checked: CheckedTorrent;
  transfer?: Transfer;
  failuresByPiece: Map<number, number>;
}

/**
 * BitTorrent downloads fed by HTTP web seeds (BEP 19), every piece verified against the torrent.
 * With peer-to-peer off, a download streams from its web seeds (WebSeedDownload); with it on,
 * webtorrent does the protocol. A stopped download is not running at all: pausing a
 * webtorrent torrent does not stop web-seed requests, so stop ends the transfer (keeping the
 * files) and start begins a new one, which re-hashes what is already on disk. The list is the
 * queue: of the started downloads, the first `maxActive` in list order run and the others wait as
 * `queued`.
 */
export class DownloadManager {
  readonly #engine: TransferEngine;
  readonly #stateFile: DownloadStateFile;
  readonly #options: DownloadManagerOptions;
  readonly #warn: (message: string) => void;
  /** In queue order. */
  #downloads = new Map<string, Download>();
  // Every change to the list runs one at a time, so a start cannot overtake the stop before it.
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  private constructor(
    options: DownloadManagerOptions,
    engine: TransferEngine,
    warn: (message: string) => void,
  ) {
    this.#options = options;
    this.#warn = warn;
    this.#stateFile = new DownloadStateFile(options.stateDir);
    this.#engine = engine;
    this.setDownloadLimit(options.downloadLimit ?? 0);
  }

  /** Starts the engine and resumes the saved downloads, re-checking the data already on disk. */
  static async open(options: DownloadManagerOptions): Promise<DownloadManager> {
    const warn = options.warn ?? ((message: string) => console.warn(message));
    // webtorrent is loaded only for peers: without them a helper never runs it.
    const engine =
      options.peerToPeer === true
        ? new (await import('./peer-engine.ts')).PeerEngine(warn)
        : new WebSeedEngine();
    const manager = new DownloadManager(options, engine, warn);
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
      for (const url of fresh) {
        if (this.#webSeedAllowedNow(url)) download.transfer?.connectWebSeed(url);
      }
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
    this.#engine.setDownloadLimit(bytesPerSecond);
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

  /** Stops every transfer and closes the engine; the saved list is already on disk. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#exclusive(async () => {
      for (const download of this.#downloads.values()) await this.#release(download);
      await this.#engine.close();
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
    const { saved, checked, transfer } = download;
    const size = checked.parsed.length;
    const state = stateOf(download);
    const live = transfer !== undefined && state === 'downloading';
    const downloaded =
      state === 'done' ? size : live ? Math.min(transfer.downloaded, size) : saved.downloaded;
    const downloadSpeed = live ? Math.round(transfer.downloadSpeed) : 0;
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

  /** Starts the download's transfer after proving again that its files stay in the download folder. */
  async #activate(download: Download): Promise<void> {
    const { saved, checked } = download;
    try {
      await assertTargetsInside(saved.folder, saved.path, checked.files);
    } catch (error) {
      saved.error = describeError(error);
      return;
    }
    const webSeeds = [...checked.parsed.urlList, ...saved.webSeeds].filter((url) =>
      this.#webSeedAllowedNow(url),
    );
    const events: TransferEvents = {
      done: () =>
        void this.#whenCurrent(download, transfer, async () => {
          download.saved.done = true;
          download.saved.downloaded = checked.parsed.length;
          // Nothing is left to fetch and no peer may connect: keep no connections or handles open.
          // The settle after this change then hands the freed slot to the next in line.
          await this.#release(download);
        }),
      pieceFailed: (piece) => {
        const failures = (download.failuresByPiece.get(piece) ?? 0) + 1;
        download.failuresByPiece.set(piece, failures);
        if (failures !== MAX_PIECE_FAILURES) return;
        void this.#whenCurrent(download, transfer, async () => {
          download.saved.error = `The download source sends corrupt data: piece ${piece} failed verification ${failures} times`;
          download.saved.started = false;
          await this.#release(download);
        });
      },
      failed: (error) =>
        void this.#whenCurrent(download, transfer, async () => {
          download.saved.error = describeError(error);
          download.saved.started = false;
          await this.#release(download);
        }),
    };
    const transfer = this.#engine.start({ torrent: checked, folder: saved.path, webSeeds, events });
    download.transfer = transfer;
  }

  /** Whether a web seed may be fetched from; one that may not is left out with a warning. */
  #webSeedAllowedNow(url: string): boolean {
    if (this.#options.webSeedAllowed(url)) return true;
    this.#warn(`Downloads: ignoring the web seed ${url}: it is not on the portal's downloads host`);
    return false;
  }

  /** Ends the download's transfer, leaving its files as they are. */
  async #release(download: Download): Promise<void> {
    const transfer = download.transfer;
    if (transfer === undefined) return;
    download.transfer = undefined;
    if (!download.saved.done && transfer.ready) download.saved.downloaded = transfer.downloaded;
    await transfer.stop();
  }

  /** Runs a reaction to a transfer's event unless the download was stopped or removed in the meantime. */
  #whenCurrent(download: Download, transfer: Transfer, change: () => Promise<void>): Promise<void> {
    return this.#exclusive(async () => {
      if (
        this.#closed ||
        download.transfer !== transfer ||
        this.#downloads.get(download.saved.hash) !== download
      )
        return;
      await change();
      await this.#settle();
    }).catch((error: unknown) => this.#warn(`Downloads: ${describeError(error)}`));
  }

  async #restore(): Promise<void> {
    for (const saved of await this.#stateFile.read(this.#warn)) {
      let checked: CheckedTorrent;
      try {
        checked = await checkTorrentFile(Buffer.from(saved.torrent, 'base64'));
      } catch (error) {
        this.#warn(`Downloads: dropping the saved download ${saved.hash}: ${describeError(error)}`);
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
        if (download.transfer === undefined) await this.#activate(download);
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

function stateOf({ saved, transfer }: Download): DownloadState {
  if (saved.error !== undefined) return 'error';
  if (saved.done) return 'done';
  if (transfer === undefined) return saved.started ? 'queued' : 'stopped';
  if (transfer.done) return 'done';
  return transfer.ready ? 'downloading' : 'checking';
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
