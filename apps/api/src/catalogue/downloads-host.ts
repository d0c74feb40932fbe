import { PACKAGE_MANIFEST_FOLDER } from '@benchside/contracts/helper';
import type { Database } from '@benchside/db/database';
import type { Config } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { ForbiddenError, NotFoundError } from '@benchside/server/errors';
import { type ObjectStorage, readSmallObject } from '@benchside/server/storage/object-storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type DownloadLinkSigner, WEB_SEED_LINK_TTL_MS } from './download-links.ts';
import { catalogueKeys, extraWebSeeds, STORAGE_NAME_PATTERN, withWebSeeds } from './torrents.ts';

export const INVALID_LINK_MESSAGE = 'This download link is invalid or has expired';
const TORRENT_SUFFIX = '.torrent';

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 §14.1.2), inclusive; null means the
 * whole file (no header, or one we do not serve such as several ranges, which a server may ignore).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Every `/dl` address names one stored package and carries the API's signature. */
const signedLinkSchema = {
  hide: true,
  params: z.object({ name: z.string().max(300) }),
  querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
};

/** 404 for a name that cannot be a stored package, 403 for a link the API did not sign for `signedPath`. */
function checkSignedLink(
  signer: DownloadLinkSigner,
  link: { storageName: string; signedPath: string },
  query: { expires?: string | undefined; signature?: string | undefined },
): void {
  if (!STORAGE_NAME_PATTERN.test(link.storageName)) throw new NotFoundError();
  if (!signer.verify(link.signedPath, query.expires, query.signature)) {
    throw new ForbiddenError(INVALID_LINK_MESSAGE);
  }
}

/**
 * The downloads host under `/dl`: `/<name>.torrent` is a package's torrent whose first BEP 19 web
 * seed (`url-list`) is `/<name>` on this same host, served with byte ranges and streamed from the
 * object storage, then WEB_SEED_URLS' copies. `/manifest/<name>` is its signed manifest
 * (registerManifestRoute). All need a link signed by the API (`/api/file/get-download-link`); the
 * helper has no session.
 */
export function registerDownloadsHost(
  app: App,
  {
    config,
    db,
    signer,
    storage,
  }: { config: Config; db: Kysely<Database>; signer: DownloadLinkSigner; storage: ObjectStorage },
): void {
  registerManifestRoute(app, storage, signer);

  app.get(
    '/dl/:name',
    {
      schema: signedLinkSchema,
    },
    async (request, reply) => {
      const { name } = request.params;
      const isTorrent = name.endsWith(TORRENT_SUFFIX);
      const storageName = isTorrent ? name.slice(0, -TORRENT_SUFFIX.length) : name;
      checkSignedLink(signer, { storageName, signedPath: `/${name}` }, request.query);
      const row = await db
        .selectFrom('catalogue_files')
        .select(['storage_name', 'restricted'])
        .where('storage_name', '=', storageName)
        .executeTakeFirst();
      if (!row?.storage_name) throw new NotFoundError();
      reply.header('cache-control', 'private, no-store');
      if (isTorrent) {
        const stored = await readSmallObject(storage, catalogueKeys.torrent(storageName));
        if (stored === null) throw new NotFoundError();
        const webSeed = signer.signedUrl(
          config.downloadsHost,
          `/${storageName}`,
          new Date(Date.now() + WEB_SEED_LINK_TTL_MS),
        );
        const webSeeds = [
          webSeed,
          ...extraWebSeeds(config.webSeedUrls, {
            storage_name: row.storage_name,
            restricted: row.restricted,
          }),
        ];
        return reply
          .type('application/x-bittorrent')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Buffer.from(await withWebSeeds(stored, webSeeds)));
      }
      return sendPackageRange(request, reply, storage, storageName);
    },
  );
}

/**
 * `/dl/manifest/<name>`: the vendor's signed manifest of the package `<name>`, which helpers fetch
 * themselves before they download or install it. The helper holds only the torrent's link, so
 * that link's signature opens the manifest beside it too.
 */
function registerManifestRoute(app: App, storage: ObjectStorage, signer: DownloadLinkSigner): void {
  app.get(
    `/dl/${PACKAGE_MANIFEST_FOLDER}/:name`,
    {
      schema: signedLinkSchema,
    },
    async (request, reply) => {
      const { name } = request.params;
      checkSignedLink(signer, { storageName: name, signedPath: `/${name}${TORRENT_SUFFIX}` }, request.query);
      const manifest = await readSmallObject(storage, catalogueKeys.manifest(name));
      if (manifest === null) throw new NotFoundError();
      return reply.header('cache-control', 'private, no-store').type('application/json').send(manifest);
    },
  );
}

async function sendPackageRange(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  name: string,
) {
  const key = catalogueKeys.package(name);
  const found = await storage.stat(key);
  if (!found) throw new NotFoundError();
  const { size } = found;
  const range = parseByteRange(request.headers.range, size);
  // Opened before any header is set: a package unpublished since the stat is a plain 404.
  const body =
    request.method === 'HEAD' || range === 'unsatisfiable'
      ? null
      : await openPackage(storage, key, range ?? undefined);
  reply
    .header('accept-ranges', 'bytes')
    .header('last-modified', found.lastModified.toUTCString())
    .header('content-disposition', `attachment; filename="${name}"`)
    .type('application/octet-stream');
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (range === null) return reply.header('content-length', size).send(body);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(body);
}

/** The package's bytes, streamed from storage. */
async function openPackage(storage: ObjectStorage, key: string, range?: { start: number; end: number }) {
  const found = await storage.get(key, range);
  if (!found) throw new NotFoundError();
  return found.body;
}
