import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { CheckedTorrent } from './torrent-source.ts';

/** A running download, whichever engine moves its bytes. */
export interface Transfer {
  /** The pieces already on disk are checked. */
  readonly ready: boolean;
  readonly done: boolean;
  /** Bytes of verified pieces. */
  readonly downloaded: number;
  /** Bytes a second received, over the last few seconds. */
  readonly downloadSpeed: number;
  connectWebSeed(url: string): void;
  /** Ends every request of the transfer, leaving its files as they are. */
  stop(): Promise<void>;
}

/** What a transfer tells its download manager. */
export interface TransferEvents {
  done(): void;
  pieceFailed(index: number): void;
  failed(error: unknown): void;
}

export interface TransferRequest {
  torrent: CheckedTorrent;
  /** The folder the torrent's files go in. */
  folder: string;
  /** Already allowed by the manager's web-seed rule, in the order they are tried. */
  webSeeds: string[];
  events: TransferEvents;
}

/** Moves the bytes of every download of a manager. */
export interface TransferEngine {
  start(request: TransferRequest): Transfer;
  /** Caps every transfer together at `bytesPerSecond`; 0 lifts the cap. Running transfers slow down at once. */
  setDownloadLimit(bytesPerSecond: number): void;
  /** Ends what is left open once every transfer is stopped. */
  close(): Promise<void>;
}

/** Keep-alive connections shared by an engine's web seeds; destroy them when it closes. */
export class WebSeedAgents {
  readonly http = new HttpAgent({ keepAlive: true, maxSockets: 16 });
  readonly https = new HttpsAgent({ keepAlive: true, maxSockets: 16 });

  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

/** An error's message, for a warning or a download's error line. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
