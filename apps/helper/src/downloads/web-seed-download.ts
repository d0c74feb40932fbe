import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, mkdir, open } from 'node:fs/promises';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ParsedTorrent } from 'parse-torrent';
import { ThrottleGroup, type ThrottleStream } from 'speed-limiter';
import throughput from 'throughput';
import type { CheckedTorrent } from './torrent-source.ts';
import { type Transfer, type TransferEngine, type TransferRequest, WebSeedAgents } from './transfer.ts';

interface WebSeedDownloadOptions extends TransferRequest {
  agents: WebSeedAgents;
  /** A stream that holds bytes back while every transfer together is over the download limit. */
  throttle: () => ThrottleStream;
}

/** The socket may sit idle this long before a web seed counts as failed (webtorrent's own figure). */
const REQUEST_TIMEOUT_MS = 60_000;
/** After every web seed failed in a row: waits before trying the first again (webtorrent's peer retries). */
const RETRY_WAITS_MS = [1_000, 5_000, 15_000];
const MAX_REDIRECTS = 5;
/** Verified pieces being written at once; the response waits beyond it, so memory stays flat. */
const MAX_WRITES_IN_FLIGHT = 2;
/** The window the shown speed is averaged over, as webtorrent's. */
const SPEED_WINDOW_SECONDS = 5;
/**
 * A verified piece goes to disk in writes of this size, not in one: on the bench's virtual machine
 * a 1 MiB write into the page cache took 2–3.5 ms in the kernel in every other download and
 * 0.25 ms in the rest, which halved those downloads; in 256 KiB writes no download slowed
 * (decision 154).
 */
const WRITE_PART_BYTES = 256 * 1024;
/** Bytes received, by every download together, between two young-generation collections. */
const BYTES_BETWEEN_COLLECTIONS = 1024 * 1024;

/**
 * Node reads a socket into a fresh 64 KiB buffer each time, outside V8's heap, and frees it only
 * when a collection finds it dead; V8 starts one for such memory after tens of MiB, which put about
 * 35 MiB on the resident size of a process doing nothing but a GET. A young-generation collection
 * every MiB received frees them while they are young and cheap to collect (decision 152). `gc` is
 * reached the way Jest's leak detector reaches it, the flag set at run time.
 */
const collectYoungGarbage = (() => {
  let gc: ((options: { type: 'minor' }) => void) | undefined;
  let receivedSince = 0;
  return (received: number) => {
    receivedSince += received;
    if (receivedSince < BYTES_BETWEEN_COLLECTIONS) return;
    receivedSince = 0;
    // Reached on the first MiB downloaded: a helper that downloads nothing leaves V8's flags alone.
    if (gc === undefined) {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
    }
    gc({ type: 'minor' });
  };
})();

/** Downloads from web seeds only (HELPER_PEER_TO_PEER=off, the default): no peer, no open port. */
export class WebSeedEngine implements TransferEngine {
  readonly #agents = new WebSeedAgents();
  readonly #limit = new ThrottleGroup({ rate: 0, enabled: false });

  start(request: TransferRequest): Transfer {
    return new WebSeedDownload({ ...request, agents: this.#agents, throttle: () => this.#limit.throttle() });
  }

  setDownloadLimit(bytesPerSecond: number): void {
    if (bytesPerSecond > 0) this.#limit.setRate(Math.round(bytesPerSecond));
    this.#limit.setEnabled(bytesPerSecond > 0);
  }

  async close(): Promise<void> {
    this.#agents.destroy();
    this.#limit.destroy();
  }
}

/**
 * A download whose only sources are HTTP web seeds (BEP 19), fetched the way a download manager
 * fetches a file: each run of missing pieces is one range request a file, streamed to disk, every
 * piece hashed as soon as its bytes are in and written only once it matches the torrent's SHA-1.
 * webtorrent moves each piece through its peer wire and chunk store instead, which made a download
 * about half as fast as a plain GET of the same file (decision 152).
 */
class WebSeedDownload implements Transfer {
  readonly #options: WebSeedDownloadOptions;
  readonly #torrent: ParsedTorrent;
  readonly #seeds: string[];
  readonly #verified: Uint8Array;
  readonly #speed = throughput(SPEED_WINDOW_SECONDS);
  readonly #stop = new AbortController();
  /** Piece buffers whose write has landed, for the next pieces. */
  readonly #spareBuffers: Buffer[] = [];
  #request: ClientRequest | undefined;
  #downloaded = 0;
  #ready = false;
  #done = false;
  readonly #finished: Promise<void>;

  constructor(options: WebSeedDownloadOptions) {
    this.#options = options;
    this.#torrent = options.torrent.parsed;
    this.#seeds = [...options.webSeeds];
    this.#verified = new Uint8Array(this.#torrent.pieces.length);
    this.#finished = this.#run();
  }

  /** The pieces already on disk are checked. */
  get ready(): boolean {
    return this.#ready;
  }

  get done(): boolean {
    return this.#done;
  }

  /** Bytes of verified pieces. */
  get downloaded(): number {
    return this.#downloaded;
  }

  /** Bytes a second received, over the last few seconds. */
  get downloadSpeed(): number {
    return this.#speed();
  }

  connectWebSeed(url: string): void {
    if (!this.#seeds.includes(url)) this.#seeds.push(url);
  }

  /** Aborts the transfer and closes the files once the writes under way have landed. */
  async stop(): Promise<void> {
    this.#stop.abort();
    this.#request?.destroy();
    await this.#finished;
  }

  async #run(): Promise<void> {
    const { folder, events } = this.#options;
    let files: ContentFiles | undefined;
    try {
      files = await ContentFiles.open(folder, this.#options.torrent);
      await this.#checkPiecesOnDisk(files);
      // A check cut short by a stop knows only part of what is on disk.
      this.#ready = !this.#stop.signal.aborted;
      let failedInARow = 0;
      for (let run = this.#firstMissingRun(); run !== undefined; run = this.#firstMissingRun()) {
        if (this.#stop.signal.aborted) break;
        const seed = this.#seeds[failedInARow % Math.max(this.#seeds.length, 1)];
        const before = this.#downloaded;
        const fetched = seed !== undefined && (await this.#fetchRun(files, seed, run));
        // A connection lost after some pieces is taken up again at once, from the same seed.
        if (fetched || this.#downloaded > before) {
          failedInARow = 0;
          continue;
        }
        failedInARow += 1;
        const roundsFailed = failedInARow - this.#seeds.length;
        if (roundsFailed >= 0) {
          const wait = RETRY_WAITS_MS[Math.min(roundsFailed, RETRY_WAITS_MS.length - 1)];
          await sleep(wait, undefined, { signal: this.#stop.signal }).catch(() => undefined);
        }
      }
      await files.close();
      if (this.#stop.signal.aborted) return;
      this.#done = true;
      events.done();
    } catch (error) {
      await files?.close().catch(() => undefined);
      if (!this.#stop.signal.aborted) events.failed(error);
    }
  }

  /** What a stopped or crashed download left: the pieces whose bytes match count as downloaded. */
  async #checkPiecesOnDisk(files: ContentFiles): Promise<void> {
    const buffer = Buffer.allocUnsafe(this.#torrent.pieceLength);
    for (let index = 0; index < this.#verified.length; index++) {
      if (this.#stop.signal.aborted) return;
      const { start, length } = pieceSpan(this.#torrent, index);
      if (!(await files.read(buffer, length, start))) continue;
      if (sha1(buffer.subarray(0, length)) === this.#torrent.pieces[index]) this.#markVerified(index);
    }
  }

  #markVerified(index: number): void {
    this.#verified[index] = 1;
    this.#downloaded += pieceSpan(this.#torrent, index).length;
  }

  /** The first missing piece and the missing ones right after it, as content bytes. */
  #firstMissingRun(): ContentRun | undefined {
    const first = this.#verified.indexOf(0);
    if (first === -1) return undefined;
    const afterLast = this.#verified.indexOf(1, first);
    const last = pieceSpan(this.#torrent, (afterLast === -1 ? this.#verified.length : afterLast) - 1);
    return { firstPiece: first, start: pieceSpan(this.#torrent, first).start, end: last.start + last.length };
  }

  /**
   * The run from one web seed, a range request for each file it covers, the bytes gathered into
   * pieces as they arrive. True once every byte arrived and every verified piece is written; a piece
   * that fails its hash is reported and stays missing for the next run.
   */
  async #fetchRun(files: ContentFiles, seed: string, run: ContentRun): Promise<boolean> {
    const writes = new Set<Promise<void>>();
    let writeError: unknown;
    let receiving: ThrottleStream | undefined;
    const pieceArrived = (index: number, buffer: Buffer) => {
      const piece = buffer.subarray(0, pieceSpan(this.#torrent, index).length);
      if (sha1(piece) !== this.#torrent.pieces[index]) {
        this.#spareBuffers.push(buffer);
        this.#options.events.pieceFailed(index);
        return;
      }
      const write = files
        .write(piece, pieceSpan(this.#torrent, index).start)
        .then(() => this.#markVerified(index))
        .catch((error: unknown) => {
          writeError ??= error;
          this.#request?.destroy();
        })
        .finally(() => {
          this.#spareBuffers.push(buffer);
          writes.delete(write);
          if (writes.size < MAX_WRITES_IN_FLIGHT) receiving?.resume();
        });
      writes.add(write);
      if (writes.size >= MAX_WRITES_IN_FLIGHT) receiving?.pause();
    };
    const pieces = new PieceGatherer(
      this.#torrent,
      run.firstPiece,
      () => this.#spareBuffers.pop(),
      pieceArrived,
    );
    let fetched: boolean;
    try {
      for (const segment of files.segments(run.start, run.end)) {
        const length = segment.end - segment.start;
        const inFile = { start: segment.fileOffset, end: segment.fileOffset + length };
        const response = await this.#open(fileUrl(seed, this.#options.torrent, segment.file), inFile);
        receiving = this.#options.throttle();
        await this.#receive(response, receiving, length, (chunk) => pieces.add(chunk));
      }
      fetched = !this.#stop.signal.aborted;
    } catch {
      fetched = false;
    } finally {
      this.#request = undefined;
      await Promise.all(writes);
    }
    if (writeError !== undefined) throw writeError;
    return fetched;
  }

  /** Passes the response's bytes through the download limit to `take`; settles when it has ended. */
  #receive(
    response: IncomingMessage,
    throttle: ThrottleStream,
    expected: number,
    take: (chunk: Buffer) => void,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let received = 0;
      throttle.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > expected) {
          response.destroy(new Error('The web seed sent more bytes than asked for'));
          return;
        }
        this.#speed(chunk.length);
        take(chunk);
        collectYoungGarbage(chunk.length);
      });
      throttle.on('end', () => {
        if (received === expected) resolve();
        else reject(new Error(`The web seed sent ${received} of ${expected} bytes`));
      });
      throttle.on('error', reject);
      response.on('error', reject);
      response.on('close', () => {
        if (!response.complete) reject(new Error('The web seed closed the connection'));
      });
      response.pipe(throttle);
    }).finally(() => throttle.destroy());
  }

  /** The answer to a range request, following redirects to a mirror or CDN. */
  async #open(seed: string, range: { start: number; end: number }): Promise<IncomingMessage> {
    let url = new URL(seed);
    for (let redirects = 0; ; redirects++) {
      if (this.#stop.signal.aborted) throw new Error('The download was stopped');
      const response = await this.#get(url, range);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location !== undefined && redirects < MAX_REDIRECTS) {
        response.resume();
        url = new URL(location, url);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new Error(`The web seed redirected to ${url.protocol}`);
        }
        continue;
      }
      const answered = /^bytes (\d+)-(\d+)\//.exec(response.headers['content-range'] ?? '');
      if (
        status !== 206 ||
        Number(answered?.[1]) !== range.start ||
        Number(answered?.[2]) !== range.end - 1
      ) {
        response.resume();
        throw new Error(`The web seed answered HTTP ${status} without the range asked for`);
      }
      return response;
    }
  }

  #get(url: URL, { start, end }: { start: number; end: number }): Promise<IncomingMessage> {
    const secure = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const request = (secure ? httpsRequest : httpRequest)(url, {
        agent: secure ? this.#options.agents.https : this.#options.agents.http,
        headers: { range: `bytes=${start}-${end - 1}`, 'cache-control': 'no-store' },
        timeout: REQUEST_TIMEOUT_MS,
      });
      this.#request = request;
      request.on('timeout', () => request.destroy(new Error('The web seed did not answer in time')));
      request.on('error', reject);
      request.on('response', resolve);
      request.end();
    });
  }
}

/** Pieces [firstPiece, …) as content bytes [start, end). */
interface ContentRun {
  firstPiece: number;
  start: number;
  end: number;
}

/**
 * Copies arriving bytes into whole pieces, one buffer a piece, so the socket's buffers are free as
 * soon as they are read and a piece is hashed and written in one call.
 */
class PieceGatherer {
  readonly #torrent: ParsedTorrent;
  readonly #spareBuffer: () => Buffer | undefined;
  /** Given the piece's buffer, which may be longer than the piece. */
  readonly #complete: (index: number, buffer: Buffer) => void;
  #index: number;
  #buffer: Buffer;
  #filled = 0;

  constructor(
    torrent: ParsedTorrent,
    firstPiece: number,
    spareBuffer: () => Buffer | undefined,
    complete: (index: number, buffer: Buffer) => void,
  ) {
    this.#torrent = torrent;
    this.#spareBuffer = spareBuffer;
    this.#complete = complete;
    this.#index = firstPiece;
    this.#buffer = this.#nextBuffer();
  }

  add(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      const length = pieceSpan(this.#torrent, this.#index).length;
      const copied = chunk.copy(this.#buffer, this.#filled, offset, offset + length - this.#filled);
      this.#filled += copied;
      offset += copied;
      if (this.#filled === length) {
        this.#complete(this.#index, this.#buffer);
        this.#index += 1;
        this.#buffer = this.#nextBuffer();
        this.#filled = 0;
      }
    }
  }

  #nextBuffer(): Buffer {
    return this.#spareBuffer() ?? Buffer.allocUnsafeSlow(this.#torrent.pieceLength);
  }
}

/** A part of the content that lies in one file: content bytes [start, end) at `fileOffset` in it. */
interface Segment {
  file: number;
  start: number;
  end: number;
  fileOffset: number;
}

/** The torrent's files, open for reading and writing content bytes wherever they fall. */
class ContentFiles {
  readonly #handles: FileHandle[];
  readonly #torrent: ParsedTorrent;
  /** Each file's size when opened: a fresh download is checked without reading anything. */
  readonly #sizesAtOpen: number[];

  private constructor(handles: FileHandle[], torrent: ParsedTorrent, sizesAtOpen: number[]) {
    this.#handles = handles;
    this.#torrent = torrent;
    this.#sizesAtOpen = sizesAtOpen;
  }

  /** Opens (or creates) every file, keeping what is there; none is left longer than the torrent says. */
  static async open(folder: string, { parsed, files }: CheckedTorrent): Promise<ContentFiles> {
    const handles: FileHandle[] = [];
    const sizes: number[] = [];
    try {
      for (const [index, components] of files.entries()) {
        const path = join(folder, ...components);
        await mkdir(dirname(path), { recursive: true });
        const handle = await open(path, constants.O_RDWR | constants.O_CREAT);
        handles.push(handle);
        const length = parsed.files[index]?.length ?? 0;
        const size = (await handle.stat()).size;
        if (size > length) await handle.truncate(length);
        sizes.push(Math.min(size, length));
      }
    } catch (error) {
      await Promise.all(handles.map((handle) => handle.close()));
      throw error;
    }
    return new ContentFiles(handles, parsed, sizes);
  }

  /** The files' parts of content bytes [start, end), in order. */
  *segments(start: number, end: number): Generator<Segment> {
    const files = this.#torrent.files;
    for (let file = this.#fileHolding(start); file < files.length; file++) {
      const entry = files[file];
      if (entry === undefined || entry.offset >= end) return;
      const { offset, length } = entry;
      const from = Math.max(start, offset);
      const to = Math.min(end, offset + length);
      if (from < to) yield { file, start: from, end: to, fileOffset: from - offset };
    }
  }

  /**
   * The first file that ends after content byte `position`, found by halving: every piece's write
   * asks, and a driver pack can hold thousands of files.
   */
  #fileHolding(position: number): number {
    const files = this.#torrent.files;
    let low = 0;
    let high = files.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const file = files[middle];
      if (file !== undefined && file.offset + file.length <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Fills `buffer` with `length` content bytes from `position`; false when the files did not hold them. */
  async read(buffer: Buffer, length: number, position: number): Promise<boolean> {
    const segments = [...this.segments(position, position + length)];
    const held = (segment: Segment) =>
      segment.fileOffset + segment.end - segment.start <= (this.#sizesAtOpen[segment.file] ?? 0);
    if (!segments.every(held)) return false;
    for (const segment of segments) {
      const handle = this.#handle(segment.file);
      const wanted = segment.end - segment.start;
      const { bytesRead } = await handle.read(buffer, segment.start - position, wanted, segment.fileOffset);
      if (bytesRead !== wanted) return false;
    }
    return true;
  }

  async write(bytes: Buffer, position: number): Promise<void> {
    for (const segment of this.segments(position, position + bytes.length)) {
      const handle = this.#handle(segment.file);
      for (let start = segment.start; start < segment.end; start += WRITE_PART_BYTES) {
        const end = Math.min(start + WRITE_PART_BYTES, segment.end);
        await handle.write(
          bytes,
          start - position,
          end - start,
          segment.fileOffset + (start - segment.start),
        );
      }
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.#handles.map((handle) => handle.close()));
  }

  #handle(file: number): FileHandle {
    const handle = this.#handles[file];
    if (handle === undefined) throw new Error(`The torrent has no file ${file}`);
    return handle;
  }
}

/**
 * Where a web seed serves a file (BEP 19): a single-file torrent's URL is the file's own; a
 * multi-file torrent's names a folder holding the torrent's name and each file's path under it.
 */
function fileUrl(seed: string, { files }: CheckedTorrent, file: number): string {
  if (files.length === 1) return seed;
  const path = (files[file] ?? []).map(encodeURIComponent).join('/');
  return seed.endsWith('/') ? `${seed}${path}` : `${seed}/${path}`;
}

function pieceSpan(torrent: ParsedTorrent, index: number): { start: number; length: number } {
  const start = index * torrent.pieceLength;
  return { start, length: Math.min(torrent.pieceLength, torrent.length - start) };
}

function sha1(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('hex');
}
