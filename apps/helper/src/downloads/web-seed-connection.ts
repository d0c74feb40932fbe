import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Torrent } from 'webtorrent';
import WebConn from 'webtorrent/lib/webconn.js';
import type { WebSeedAgents } from './transfer.ts';

const REQUEST_TIMEOUT_MS = 60_000;
/** A BitTorrent `piece` message before its data: length (4), id 7 (1), index (4), offset (4). */
const PIECE_HEADER_BYTES = 13;
const PIECE_MESSAGE_ID = 7;

/**
 * webtorrent's web seed (BEP 19) with its HTTP leg replaced for single-file torrents: each range
 * goes over a keep-alive connection straight into one buffer of the piece's size, where fetch
 * collects it and copies it twice, and the requests still on the wire are aborted when the
 * download stops, where webtorrent lets them run to the end. Multi-file torrents, whose ranges
 * span files, keep webtorrent's own request code.
 */
export class WebSeedConnection extends WebConn {
  readonly #agents: WebSeedAgents;
  readonly #inFlight = new Set<ClientRequest>();
  /** Piece data handed to webtorrent → the buffer it sits in, with room for the message header before it. */
  readonly #framed = new WeakMap<Uint8Array, Buffer>();

  constructor(url: string, torrent: Torrent, agents: WebSeedAgents) {
    super(url, torrent);
    this.#agents = agents;
  }

  override httpRequest(
    pieceIndex: number,
    offset: number,
    length: number,
    callback: (error: Error | null, data?: Uint8Array) => void,
  ): void {
    const torrent = this._torrent;
    if (torrent === null) {
      callback(new Error('The download was stopped'));
      return;
    }
    if (torrent.files.length > 1) {
      super.httpRequest(pieceIndex, offset, length, callback);
      return;
    }
    const start = pieceIndex * torrent.pieceLength + offset;
    const url = new URL(this.url);
    const secure = url.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (error: Error | null, data?: Uint8Array) => {
      if (settled) return;
      settled = true;
      this.#inFlight.delete(request);
      callback(error, data);
    };
    const request = send(url, {
      agent: secure ? this.#agents.https : this.#agents.http,
      headers: { range: `bytes=${start}-${start + length - 1}`, 'cache-control': 'no-store' },
      timeout: REQUEST_TIMEOUT_MS,
    });
    this.#inFlight.add(request);
    request.on('timeout', () => request.destroy(new Error('The web seed did not answer in time')));
    request.on('error', (error) => finish(error));
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        // A mirror or CDN hop: fetch follows redirects, so webtorrent's own request takes over.
        response.resume();
        settled = true;
        this.#inFlight.delete(request);
        super.httpRequest(pieceIndex, offset, length, callback);
        return;
      }
      if (status !== 206) {
        response.resume();
        finish(new Error(`The web seed answered HTTP ${response.statusCode} to a range request`));
        return;
      }
      const frame = Buffer.allocUnsafe(PIECE_HEADER_BYTES + length);
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        if (received + chunk.length > length) {
          request.destroy(new Error('The web seed sent more bytes than asked for'));
          return;
        }
        chunk.copy(frame, PIECE_HEADER_BYTES + received);
        received += chunk.length;
      });
      response.on('end', () => {
        const piece = frame.subarray(PIECE_HEADER_BYTES);
        this.#framed.set(piece, frame);
        if (received === length) finish(null, piece);
        else finish(new Error(`The web seed sent ${received} of ${length} bytes`));
      });
      response.on('error', (error) => finish(error));
    });
    request.end();
  }

  /**
   * WebConn is the remote end of a wire that webtorrent reads through a stream: Wire#piece would
   * push the header and the data as two chunks, which the reading side joins into a fresh copy of
   * the piece. The header is written into the room left before the data and the message pushed as
   * one chunk, which the reading side parses in place.
   */
  override piece(index: number, offset: number, buffer: Uint8Array): void {
    const frame = this.#framed.get(buffer);
    if (frame === undefined) {
      super.piece(index, offset, buffer);
      return;
    }
    this.#framed.delete(buffer);
    frame.writeUInt32BE(PIECE_HEADER_BYTES - 4 + buffer.length, 0);
    frame[4] = PIECE_MESSAGE_ID;
    frame.writeUInt32BE(index, 5);
    frame.writeUInt32BE(offset, 9);
    this._push(frame);
    this.uploaded += buffer.length;
  }

  override destroy(): void {
    for (const request of this.#inFlight) request.destroy();
    this.#inFlight.clear();
    super.destroy();
  }
}
