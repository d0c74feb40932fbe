import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { CLIENT_CONFIG_ELEMENT_ID } from '@benchside/contracts/client-config';
import { type Config, clientConfig } from '@benchside/server/config';
import { NotFoundError } from '@benchside/server/errors';
import { contentSecurityPolicy } from '@benchside/server/security-headers';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.map',
  '.svg',
  '.txt',
  '.ico',
]);
const MIN_COMPRESSED_SIZE = 1024;
/** Vite puts content-hashed names under /assets: they never change, so browsers may keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface StaticFile {
  type: string;
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  etag: string;
  cacheControl: string;
  csp?: string;
}

export interface Spa {
  /** Answers a GET/HEAD outside /api, /dl and /dev: a built file, or index.html for app routes. */
  serve(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The config block the web app reads before its first render; `<` is escaped so it cannot end the script. */
export function injectClientConfig(html: string, config: Config): string {
  const json = JSON.stringify(clientConfig(config)).replaceAll('<', '\\u003c');
  const block = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}\n</head>`) : `${block}\n${html}`;
}

/** sha256 sources for the CSP of every inline executable script in the page. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/type\s*=\s*["']?application\/(?:ld\+)?json/i.test(attributes)) continue;
    hashes.push(
      `sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}`,
    );
  }
  return hashes;
}

async function prepare(
  body: Buffer,
  extension: string,
  cacheControl: string,
  csp?: string,
): Promise<StaticFile> {
  const file: StaticFile = {
    type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    cacheControl,
    ...(csp ? { csp } : {}),
  };
  if (COMPRESSIBLE.has(extension) && body.length >= MIN_COMPRESSED_SIZE) {
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(body, { level: 9 }),
      brotliAsync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    file.gzip = gzipped;
    file.brotli = brotli;
  }
  return file;
}

/**
 * Reads the Vite build once, compresses it with gzip and brotli up front and serves it from
 * memory; null when the web app has not been built.
 */
export async function loadSpa(distDir: string, config: Config): Promise<Spa | null> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const files = new Map<string, StaticFile>();
  for (const path of await listFiles(distDir)) {
    if (path === indexPath) continue;
    const urlPath = `/${relative(distDir, path).split(sep).join('/')}`;
    const cacheControl = urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
    files.set(urlPath, await prepare(await readFile(path), extname(path).toLowerCase(), cacheControl));
  }
  const indexHtml = injectClientConfig(await readFile(indexPath, 'utf8'), config);
  const index = await prepare(
    Buffer.from(indexHtml),
    '.html',
    REVALIDATE,
    contentSecurityPolicy(config, inlineScriptHashes(indexHtml)),
  );
  files.set('/index.html', index);

  const send = (request: FastifyRequest, reply: FastifyReply, file: StaticFile) => {
    reply
      .header('content-type', file.type)
      .header('cache-control', file.cacheControl)
      .header('etag', file.etag);
    if (file.csp) reply.header('content-security-policy', file.csp);
    if (file.gzip) reply.header('vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (file.brotli && /\bbr\b/.test(accepted))
      return reply.header('content-encoding', 'br').send(file.brotli);
    if (file.gzip && /\bgzip\b/.test(accepted))
      return reply.header('content-encoding', 'gzip').send(file.gzip);
    return reply.send(file.body);
  };

  return {
    serve(request, reply) {
      let path: string;
      try {
        path = decodeURIComponent(request.url.split('?', 1)[0] ?? '/');
      } catch {
        throw new NotFoundError();
      }
      const file = files.get(path);
      if (file) return send(request, reply, file);
      // A missing asset is a real 404, so a stale chunk fails fast instead of loading the app again.
      if (extname(path) !== '') throw new NotFoundError();
      return send(request, reply, index);
    },
  };
}
