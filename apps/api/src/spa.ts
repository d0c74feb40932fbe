import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_CONFIG_ELEMENT_ID } from '@benchside/contracts/client-config';
import {
  CURRENT_USER_READ,
  PAGES_WITH_FIRST_READS,
  pageFirstReads,
  pageWithFirstReads,
} from '@benchside/contracts/page-reads';
import { hasSignedInHint } from '@benchside/contracts/signed-in-hint';
import {
  COMPRESSIBLE,
  MIN_COMPRESSED_SIZE,
  masterLayoutFiles,
  signInRouteFiles,
  WEB_BUILD_MANIFEST,
  type WebBuildManifest,
} from '@benchside/contracts/web-build';
import { type Config, clientConfig } from '@benchside/server/config';
import { NotFoundError } from '@benchside/server/errors';
import { contentSecurityPolicy } from '@benchside/server/security-headers';
import { type Compressed, compressForServing } from '@benchside/server/static-compression';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
/** Where the web app's build (`scripts/build-web.ts`, the first half of `npm run build`) is written. */
export const WEB_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');

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
  /** index.html: which form is sent depends on the signed-in hint cookie. */
  variesByCookie?: boolean;
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

/**
 * Fetch preloads of the API reads the page makes first (decision 137): the browser asks for them
 * while it loads the scripts, and the web app's own requests for the same URLs take their answers.
 */
export function injectReadPreloads(html: string, urls: readonly string[]): string {
  const links = urls
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`)
    .join('\n');
  return html.replace('</head>', `${links}\n</head>`);
}

/**
 * Module preloads of the master layout's chunks for a signed-in visitor (decision 147): the
 * browser fetches them beside the entry instead of after it has run. Asked for below the page, as
 * the entry's own preloads are (decision 144); the ones the page already names are left out.
 */
export function injectModulePreloads(html: string, urls: readonly string[]): string {
  const links = urls
    .filter((url) => !html.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${url}">`)
    .join('\n');
  return links ? html.replace('</head>', `${links}\n</head>`) : html;
}

/**
 * The page without the module preloads of `urls`: the built page asks for the sign-in route's
 * chunk beside the entry, which a signed-in page never draws (decision 149).
 */
function withoutModulePreloads(html: string, urls: readonly string[]): string {
  const preloadsOneOf = (line: string) =>
    line.includes('<link rel="modulepreload"') && urls.some((url) => line.includes(`href="${url}"`));
  return html
    .split('\n')
    .filter((line) => !preloadsOneOf(line))
    .join('\n');
}

/** The build's manifest; an empty one when the build has none. */
async function readWebBuildManifest(path: string): Promise<WebBuildManifest> {
  if (!existsSync(path)) return {};
  return JSON.parse(await readFile(path, 'utf8')) as WebBuildManifest;
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

/**
 * The gzip and brotli twins the web build writes beside a file (`<file>.gz`, `<file>.br`, see
 * apps/web/vite.config.ts), so a start does not spend seconds compressing at the highest levels;
 * null when either is missing or older than the file, so made from another version of it.
 */
async function readCompressedTwins(path: string): Promise<Compressed | null> {
  const [file, gzipped, brotli] = await Promise.all(
    [path, `${path}.gz`, `${path}.br`].map((candidate) => stat(candidate).catch(() => null)),
  );
  if (!file || !gzipped || !brotli) return null;
  if (gzipped.mtimeMs < file.mtimeMs || brotli.mtimeMs < file.mtimeMs) return null;
  const [gzipBody, brotliBody] = await Promise.all([readFile(`${path}.gz`), readFile(`${path}.br`)]);
  return { gzip: gzipBody, brotli: brotliBody };
}

interface PrepareOptions {
  csp?: string;
  /** The file of the build the body was read from, whose compressed twins may be used. */
  builtFile?: string;
}

async function prepare(
  body: Buffer,
  extension: string,
  cacheControl: string,
  { csp, builtFile }: PrepareOptions = {},
): Promise<StaticFile> {
  const file: StaticFile = {
    type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    cacheControl,
    ...(csp ? { csp } : {}),
  };
  if (COMPRESSIBLE.has(extension) && body.length >= MIN_COMPRESSED_SIZE) {
    const twins = builtFile ? await readCompressedTwins(builtFile) : null;
    const { gzip: gzipped, brotli } = twins ?? (await compressForServing(body));
    file.gzip = gzipped;
    file.brotli = brotli;
  }
  return file;
}

/**
 * Reads the Vite build once, with each file's gzip and brotli forms (the build's twins, or
 * compressed here when it has none) and serves it from memory; null when the web app has not
 * been built.
 */
export async function loadSpa(distDir: string, config: Config): Promise<Spa | null> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const files = new Map<string, StaticFile>();
  const paths = await listFiles(distDir);
  const built = new Set(paths);
  const isTwin = (path: string) => /\.(?:gz|br)$/.test(path) && built.has(path.slice(0, -3));
  const manifestPath = join(distDir, WEB_BUILD_MANIFEST);
  // All at once: each file is a few reads that mostly wait on libuv's threads.
  await Promise.all(
    paths.map(async (path) => {
      if (path === indexPath || path === manifestPath || isTwin(path)) return;
      const urlPath = `/${relative(distDir, path).split(sep).join('/')}`;
      const cacheControl = urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
      const extension = extname(path).toLowerCase();
      files.set(urlPath, await prepare(await readFile(path), extension, cacheControl, { builtFile: path }));
    }),
  );
  const indexHtml = injectClientConfig(await readFile(indexPath, 'utf8'), config);
  const csp = contentSecurityPolicy(config, inlineScriptHashes(indexHtml));
  const prepareIndex = async (html: string, reads: readonly string[]) => ({
    ...(await prepare(Buffer.from(injectReadPreloads(html, reads)), '.html', REVALIDATE, { csp })),
    variesByCookie: true,
  });
  const index = await prepareIndex(indexHtml, []);
  files.set('/index.html', index);
  // A signed-in visitor's page starts its reads with the HTML: the user on every page, and the
  // page's own first reads where they are known and the address has no query string; and the
  // master layout's code, which every signed-in page draws in, instead of the sign-in route's.
  const manifest = await readWebBuildManifest(manifestPath);
  const signedInHtml = injectModulePreloads(
    withoutModulePreloads(indexHtml, signInRouteFiles(manifest)),
    masterLayoutFiles(manifest),
  );
  const signedInIndex = await prepareIndex(signedInHtml, [CURRENT_USER_READ]);
  const signedInPages = new Map(
    await Promise.all(
      PAGES_WITH_FIRST_READS.map(
        async (page) =>
          [page, await prepareIndex(signedInHtml, [CURRENT_USER_READ, ...pageFirstReads(page)])] as const,
      ),
    ),
  );
  const indexFor = (request: FastifyRequest, path: string): StaticFile => {
    if (!hasSignedInHint(request.headers.cookie ?? '')) return index;
    // A query string (a folder, a page, a filter) changes what a page asks for first.
    const page = request.url.includes('?') ? undefined : pageWithFirstReads(path);
    return (page === undefined ? undefined : signedInPages.get(page)) ?? signedInIndex;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, file: StaticFile) => {
    reply
      .header('content-type', file.type)
      .header('cache-control', file.cacheControl)
      .header('etag', file.etag);
    if (file.csp) reply.header('content-security-policy', file.csp);
    const vary = [file.gzip && 'Accept-Encoding', file.variesByCookie && 'Cookie'].filter(Boolean);
    if (vary.length > 0) reply.header('vary', vary.join(', '));
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
      return send(request, reply, indexFor(request, path));
    },
  };
}
