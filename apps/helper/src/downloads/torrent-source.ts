import { BadGatewayError, BadRequestError } from '@benchside/server/errors';
import parseTorrent, { type ParsedTorrent } from 'parse-torrent';
import { torrentPathComponents } from './torrent-paths.ts';

// A .torrent lists 20 bytes per piece: 10 MiB covers a 100 GB package at 2 MiB pieces.
const MAX_TORRENT_BYTES = 10 * 1024 * 1024;
/** BitTorrent clients make pieces of at most 16 MiB; four times that leaves room for any tool that publishes. */
const MAX_PIECE_BYTES = 64 * 1024 * 1024;
const TORRENT_FETCH_TIMEOUT_MS = 30_000;

export interface CheckedTorrent {
  bytes: Uint8Array;
  parsed: ParsedTorrent;
  /** Each file's path components relative to the download's folder, already proven harmless. */
  files: string[][];
}

/** Downloads a .torrent file from the portal's downloads host. */
export function fetchTorrentFile(url: string): Promise<Uint8Array> {
  return fetchSmallFile(url, { what: 'torrent file', maxBytes: MAX_TORRENT_BYTES });
}

/**
 * GETs a file of at most `maxBytes` from an http(s) URL, answering HttpErrors that say what failed.
 * Redirects are refused: the caller chose the host, and only that host may answer.
 */
export async function fetchSmallFile(
  url: string,
  { what, maxBytes }: { what: string; maxBytes: number },
): Promise<Uint8Array> {
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    throw new BadRequestError(`The ${what} address ${JSON.stringify(url)} is not a URL`);
  }
  if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:') {
    throw new BadRequestError(`The ${what} address must be an http or https URL`);
  }
  let response: Response;
  try {
    response = await fetch(parsedUrl, {
      redirect: 'error',
      signal: AbortSignal.timeout(TORRENT_FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BadGatewayError(`The ${what} could not be downloaded: ${describe(error)}`);
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new BadGatewayError(`The ${what} could not be downloaded: HTTP ${response.status}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel();
      throw new BadRequestError(`The ${what} is larger than ${describeSize(maxBytes)}`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`;
}

/** Parses a .torrent file and refuses it when any file path could land outside its folder. */
export async function checkTorrentFile(bytes: Uint8Array): Promise<CheckedTorrent> {
  if (bytes.byteLength > MAX_TORRENT_BYTES) {
    throw new BadRequestError(`The torrent file is larger than ${MAX_TORRENT_BYTES / 1024 / 1024} MiB`);
  }
  let parsed: ParsedTorrent;
  try {
    parsed = await parseTorrent(bytes);
  } catch (error) {
    throw new BadRequestError(`The file is not a valid torrent: ${describe(error)}`);
  }
  if (!(parsed.length > 0)) throw new BadRequestError('The torrent holds no data');
  // A piece is held in memory until its hash is checked, and the hashes must cover the data exactly.
  if (!(parsed.pieceLength > 0 && parsed.pieceLength <= MAX_PIECE_BYTES)) {
    throw new BadRequestError(`The torrent's pieces must be at most ${MAX_PIECE_BYTES / 1024 / 1024} MiB`);
  }
  if (parsed.pieces.length !== Math.ceil(parsed.length / parsed.pieceLength)) {
    throw new BadRequestError(
      `The torrent lists ${parsed.pieces.length} piece hashes for ${parsed.length} bytes`,
    );
  }
  const files = torrentPathComponents(parsed.info);
  return { bytes, parsed, files };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
