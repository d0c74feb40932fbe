// webtorrent, parse-torrent, create-torrent, speed-limiter and throughput ship no type declarations;
// these cover what the downloads engines use, checked against webtorrent 3.0, parse-torrent 11,
// create-torrent 6, speed-limiter 1.0 and throughput 1.0.

declare module 'webtorrent' {
  import type { EventEmitter } from 'node:events';
  import type { ListenOptions } from 'node:net';

  export interface WebTorrentOptions {
    dht?: boolean;
    tracker?: boolean;
    lsd?: boolean;
    utp?: boolean;
    utPex?: boolean;
    natUpnp?: boolean;
    natPmp?: boolean;
    webSeeds?: boolean;
    /** Handed verbatim to `net.Server#listen` by webtorrent's connection pool. */
    torrentPort?: number | ListenOptions;
    maxConns?: number;
  }

  export interface TorrentOptions {
    path?: string;
    urlList?: string[];
    maxWebConns?: number;
    storeCacheSlots?: number;
  }

  export interface TorrentFile {
    readonly name: string;
    /** Relative to the torrent's `path`. */
    readonly path: string;
    readonly length: number;
  }

  export interface Torrent extends EventEmitter {
    readonly infoHash: string;
    readonly name: string;
    readonly length: number;
    readonly pieceLength: number;
    readonly downloaded: number;
    readonly downloadSpeed: number;
    readonly ready: boolean;
    readonly done: boolean;
    readonly destroyed: boolean;
    readonly files: TorrentFile[];
    /** A URL, or a connection object such as a `WebConn`. */
    addWebSeed(seed: string | { readonly connId: string }): void;
  }

  export default class WebTorrent extends EventEmitter {
    constructor(options?: WebTorrentOptions);
    readonly torrents: Torrent[];
    readonly listening: boolean;
    torrentPort: number;
    add(torrent: Uint8Array, options?: TorrentOptions): Torrent;
    /**
     * Caps the bytes per second every peer and web seed together deliver (one token bucket on the
     * pipe into each wire); -1 lifts the cap. False when `rate` is not a number it takes.
     */
    throttleDownload(rate: number): boolean | undefined;
    remove(
      torrent: Torrent,
      options: { destroyStore: boolean },
      callback: (error?: Error) => void,
    ): Promise<void>;
    destroy(callback?: (error?: Error) => void): void;
  }
}

declare module 'webtorrent/lib/webconn.js' {
  import type { Torrent } from 'webtorrent';

  /** A web seed (BEP 19) posing as a peer: turns piece requests into HTTP range requests. */
  export default class WebConn {
    constructor(url: string, torrent: Torrent);
    readonly url: string;
    readonly connId: string;
    /** Null once the connection is destroyed. */
    protected _torrent: Torrent | null;
    httpRequest(
      pieceIndex: number,
      offset: number,
      length: number,
      callback: (error: Error | null, data?: Uint8Array) => void,
    ): void;
    /** Sends a `piece` message to the other end of the wire (bittorrent-protocol's Wire). */
    piece(index: number, offset: number, buffer: Uint8Array): void;
    /** Queues bytes for the other end of the wire. */
    protected _push(data: Uint8Array): void;
    uploaded: number;
    destroy(): void;
  }
}

declare module 'parse-torrent' {
  /** A bencoded value as `bencode` decodes it: byte strings stay bytes. */
  export type Bencoded = number | Uint8Array | Bencoded[] | { [key: string]: Bencoded };

  export interface ParsedTorrent {
    infoHash: string;
    name: string;
    length: number;
    pieceLength: number;
    /** Each piece's SHA-1, hex. */
    pieces: string[];
    info: { [key: string]: Bencoded };
    urlList: string[];
    files: { path: string; name: string; length: number; offset: number }[];
  }

  export default function parseTorrent(torrent: Uint8Array): Promise<ParsedTorrent>;
  export function toTorrentFile(parsed: ParsedTorrent): Uint8Array;
}

declare module 'create-torrent' {
  import type { Readable } from 'node:stream';

  export interface CreateTorrentOptions {
    name?: string;
    pieceLength?: number;
    urlList?: string[];
    announceList?: string[][];
    private?: boolean;
  }

  export default function createTorrent(
    input: string | string[] | Buffer | Readable,
    options: CreateTorrentOptions,
    callback: (error: Error | null, torrent: Buffer) => void,
  ): void;
}

declare module 'throughput' {
  /** A meter over the last `seconds`: call it with the bytes just moved, or none, for bytes a second. */
  export default function throughput(seconds?: number): (delta?: number) => number;
}

declare module 'speed-limiter' {
  /** A streamx Transform that passes bytes on as fast as its group's token bucket allows. */
  export interface ThrottleStream extends NodeJS.WritableStream {
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    pause(): void;
    resume(): void;
    destroy(): void;
  }

  /** One token bucket for every stream made by `throttle()`; disabled, they pass bytes straight on. */
  export class ThrottleGroup {
    constructor(options: { rate: number; enabled: boolean });
    /** Bytes a second, a whole number above 0. */
    setRate(rate: number): void;
    setEnabled(enabled: boolean): void;
    throttle(): ThrottleStream;
    destroy(): void;
  }
}
