import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RangeFileServer {
  /** `http://127.0.0.1:<port><urlPath>` */
  url(urlPath: string): string;
  /** Body bytes sent so far, over every request. */
  readonly bytesSent: number;
  /** Every request so far: its path and Range header. */
  readonly requests: { path: string; range: string | undefined }[];
  /**
   * A server started with a cap takes a new one from the next chunk on, responses under way too:
   * a test slow while it watches a download under way need not stay slow to its end.
   */
  setBytesPerSecond(bytesPerSecond: number): void;
  close(): Promise<void>;
}

export interface RangeFileServerOptions {
  /** URL path → file on disk. */
  files: Record<string, string>;
  /** Caps the rate of each response, to make a loopback link as slow as a real one. */
  bytesPerSecond?: number;
  /** A fixed port (a helper configured to trust this host); any free one by default. */
  port?: number;
}

/**
 * A loopback HTTP server answering GET and HEAD with single byte ranges, the way a web seed host
 * (BEP 19) does; for the download throughput probe and the downloads tests.
 */
export async function startRangeFileServer(options: RangeFileServerOptions): Promise<RangeFileServer> {
  let bytesSent = 0;
  const cap = options.bytesPerSecond === undefined ? undefined : { bytesPerSecond: options.bytesPerSecond };
  const requests: { path: string; range: string | undefined }[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push({ path, range: request.headers.range });
    const file = options.files[path];
    if (file === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(file === undefined ? 404 : 405).end();
      return;
    }
    void (async () => {
      const { size } = await stat(file);
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
        return;
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      const headers = {
        'accept-ranges': 'bytes',
        'content-type': 'application/octet-stream',
        'content-length': String(end - start + 1),
        ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
      };
      response.writeHead(range ? 206 : 200, headers);
      if (request.method === 'HEAD' || end < start) {
        response.end();
        return;
      }
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done: TransformCallback) {
          bytesSent += chunk.length;
          done(null, chunk);
        },
      });
      const source = createReadStream(file, { start, end, highWaterMark: 64 * 1024 });
      if (cap === undefined) {
        await pipeline(source, counter, response);
      } else {
        await pipeline(source, throttle(cap), counter, response);
      }
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: (urlPath) => `http://127.0.0.1:${port}${urlPath}`,
    get bytesSent() {
      return bytesSent;
    },
    requests,
    setBytesPerSecond(next) {
      if (cap === undefined) throw new Error('this server was started without a cap');
      cap.bytesPerSecond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable';
  const [, from = '', to = ''] = match;
  const start = from === '' ? Math.max(size - Number(to), 0) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/** Reads the cap at every chunk, so a new one applies to the responses under way. */
function throttle(cap: { bytesPerSecond: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      sleep((chunk.length / cap.bytesPerSecond) * 1000).then(() => done(null, chunk), done);
    },
  });
}
