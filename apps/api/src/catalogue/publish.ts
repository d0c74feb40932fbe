import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import {
  ANDROID_VERSION_PATTERN,
  MAX_BOOTLOADER,
  MAX_CHANGELOG_LENGTH,
  REGION_PATTERN,
} from '@benchside/contracts/firmwares';
import type { CatalogueKind, Database } from '@benchside/db/database';
import { signPackageManifest } from '@benchside/server/package-signing';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import { type Kysely, sql, type Transaction } from 'kysely';
import { notifyWatchers } from '../watches/notify-watchers.ts';
import { loadPackageSigningKey, type SigningKeyConfig } from './signing-key.ts';
import {
  catalogueKeys,
  createPackageTorrent,
  infoHashOf,
  PIECE_LENGTH,
  STORAGE_NAME_PATTERN,
} from './torrents.ts';

/** A wrong publish request: the operator reads the message (the admin CLI prints it with the usage). */
export class PublishError extends Error {
  override name = 'PublishError';
}

export interface PublishRequest {
  /** The file to publish; copied, never moved. */
  source: string;
  kind: CatalogueKind;
  brand?: string | undefined;
  model?: string | undefined;
  soft?: string | undefined;
  version?: string | undefined;
  /** Files only: the folder path in the tree, `a/b`; the root when left out. */
  folder?: string | undefined;
  /** The name on the downloads host and in the tree; the source's file name when left out. */
  name?: string | undefined;
  /** Only users granted the package's soft may download it. */
  restricted?: boolean | undefined;
  /** Firmwares only: what technicians filter by and check before flashing, as the operator typed it. */
  details?: FirmwareDetailsRequest | undefined;
}

export interface FirmwareDetailsRequest {
  /** Region or CSC, e.g. `EUX` or `Global`. */
  region?: string | undefined;
  /** e.g. `14` or `8.1`. */
  android?: string | undefined;
  /** `YYYY-MM-DD`. */
  securityPatch?: string | undefined;
  bootloader?: string | number | undefined;
  /** `YYYY-MM-DD`. */
  releaseDate?: string | undefined;
  changelog?: string | undefined;
}

/** The option each detail comes from, for the operator's error messages. */
const DETAIL_OPTIONS: Record<keyof FirmwareDetailsRequest, string> = {
  region: 'region',
  android: 'android',
  securityPatch: 'security-patch',
  bootloader: 'bootloader',
  releaseDate: 'release-date',
  changelog: 'changelog',
};

interface FirmwareDetails {
  region: string | null;
  android_version: string | null;
  security_patch: string | null;
  bootloader: number | null;
  release_date: string | null;
  changelog: string | null;
}

function matching(value: string | undefined, pattern: RegExp, rule: string): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!pattern.test(text)) throw new PublishError(rule);
  return text;
}

/** A real calendar day as `YYYY-MM-DD` (so 2024-02-30 is refused, not moved to March). */
function calendarDay(value: string | undefined, option: string): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) {
    throw new PublishError(`--${option} must be a date as YYYY-MM-DD`);
  }
  return text;
}

function firmwareDetails(kind: CatalogueKind, request: FirmwareDetailsRequest = {}): FirmwareDetails {
  const given = (Object.keys(DETAIL_OPTIONS) as (keyof FirmwareDetailsRequest)[]).find(
    (key) => request[key] !== undefined && String(request[key]).trim() !== '',
  );
  if (kind !== 'firmware' && given !== undefined) {
    throw new PublishError(`--${DETAIL_OPTIONS[given]} is for firmwares only`);
  }
  const bootloaderText = String(request.bootloader ?? '').trim();
  if (
    bootloaderText !== '' &&
    !(/^\d{1,2}$/.test(bootloaderText) && Number(bootloaderText) <= MAX_BOOTLOADER)
  ) {
    throw new PublishError(`--bootloader must be a whole number from 0 to ${MAX_BOOTLOADER}`);
  }
  const changelog = request.changelog?.replace(/\r\n?/g, '\n').trim() ?? '';
  if (changelog.length > MAX_CHANGELOG_LENGTH || /[^\P{Cc}\n\t]/u.test(changelog)) {
    throw new PublishError(
      `--changelog must be at most ${MAX_CHANGELOG_LENGTH} characters, without control characters but line breaks and tabs`,
    );
  }
  return {
    region: matching(
      request.region,
      REGION_PATTERN,
      '--region must be 1 to 32 letters, digits, spaces, "-" or "_" (a CSC such as EUX, or a region such as Global)',
    ),
    android_version: matching(
      request.android,
      ANDROID_VERSION_PATTERN,
      '--android must be an Android version such as 14 or 8.1',
    ),
    security_patch: calendarDay(request.securityPatch, DETAIL_OPTIONS.securityPatch),
    bootloader: bootloaderText === '' ? null : Number(bootloaderText),
    release_date: calendarDay(request.releaseDate, DETAIL_OPTIONS.releaseDate),
    changelog: changelog === '' ? null : changelog,
  };
}

export interface PublishedPackage {
  id: number;
  name: string;
  kind: CatalogueKind;
  path: string[];
  size: number;
  sha256: string;
  infoHash: string;
  restricted: boolean;
}

const MAX_LABEL_LENGTH = 100;

function label(value: string | undefined, option: string, required: boolean): string | null {
  const text = value?.trim() ?? '';
  if (text === '') {
    if (required) throw new PublishError(`--${option} is required for this kind`);
    return null;
  }
  if (text.length > MAX_LABEL_LENGTH || text.includes('/') || /[\p{Cc}]/u.test(text)) {
    throw new PublishError(`--${option} must be 1 to ${MAX_LABEL_LENGTH} characters without "/"`);
  }
  return text;
}

/** Where a package sits in the tree: firmwares by brand and model, tools by soft, files where asked. */
function folderPath(
  request: PublishRequest,
  brand: string | null,
  model: string | null,
  soft: string | null,
) {
  if (request.kind === 'firmware') return ['Firmwares', brand ?? '', model ?? ''];
  if (request.kind === 'tool') return ['Tools', soft ?? ''];
  const parts = (request.folder ?? '').split('/').filter((part) => part.trim() !== '');
  for (const part of parts) label(part, 'folder', true);
  return parts.map((part) => part.trim());
}

/**
 * Publishes one file: a streamed copy in the object storage (hashed on the way), its torrent, the
 * manifest signed with the vendor's key (signing-key.ts), and its entry in the catalogue tree, with
 * the folders it needs, and a notification for everyone watching its model or tool. Used by
 * `npm run admin -- publish` and by the demo seed.
 */
export async function publishPackage(
  db: Kysely<Database>,
  storage: ObjectStorage,
  config: SigningKeyConfig,
  request: PublishRequest,
): Promise<PublishedPackage> {
  const brand = label(request.brand, 'brand', request.kind === 'firmware');
  const model = label(request.model, 'model', request.kind === 'firmware');
  const soft = label(request.soft, 'soft', request.kind === 'tool');
  const version = label(request.version, 'version', request.kind === 'tool');
  const details = firmwareDetails(request.kind, request.details);
  const restricted = request.restricted === true;
  if (restricted && soft === null) throw new PublishError('--soft is required for a restricted package');
  const name = request.name ?? basename(request.source);
  if (!STORAGE_NAME_PATTERN.test(name)) {
    throw new PublishError(
      `The name ${JSON.stringify(name)} must be 1 to 200 letters, digits, ".", "_", "+" or "-", not ending in .torrent`,
    );
  }
  const sourceStat = await stat(request.source).catch(() => undefined);
  if (!sourceStat?.isFile()) throw new PublishError(`${request.source} is not a file`);
  const taken = await db
    .selectFrom('catalogue_files')
    .select('id')
    .where('storage_name', '=', name)
    .executeTakeFirst();
  if (taken) throw new PublishError(`${name} is already published; unpublish it first or give --name`);

  // Read first: a key that cannot be used must stop the publish before anything is stored.
  const signingKey = await loadPackageSigningKey(config);
  try {
    const { sha256, size, torrent } = await storeAndHash(storage, request.source, name);
    const infoHash = await infoHashOf(torrent);
    await storage.put(catalogueKeys.torrent(name), Readable.from([torrent]));
    // Helpers install only what this manifest vouches for; the downloads host serves it beside the torrent.
    const manifest = signPackageManifest(
      {
        name,
        size,
        sha256,
        infoHash,
        kind: request.kind,
        soft,
        version,
        publishedAt: new Date().toISOString(),
      },
      signingKey,
    );
    await storage.put(catalogueKeys.manifest(name), Readable.from([Buffer.from(JSON.stringify(manifest))]));
    const path = folderPath(request, brand, model, soft);
    const id = await db.transaction().execute(async (trx) => {
      const parent = await ensureFolders(trx, path);
      const clash = await trx
        .selectFrom('catalogue_files')
        .select('id')
        .where('file', '=', name)
        .where((eb) => (parent === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parent)))
        .executeTakeFirst();
      if (clash) throw new PublishError(`${[...path, name].join('/')} already exists in the catalogue`);
      const row = await trx
        .insertInto('catalogue_files')
        .values({
          parent_id: parent,
          file: name,
          is_dir: false,
          kind: request.kind,
          brand,
          model,
          soft,
          version,
          size,
          sha256,
          info_hash: infoHash,
          storage_name: name,
          restricted,
          ...details,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // In this transaction: a publish that fails tells no watcher, one that commits tells each once.
      await notifyWatchers(trx, row.id);
      return row.id;
    });
    return { id, name, kind: request.kind, path, size, sha256, infoHash, restricted };
  } catch (error) {
    await removeStored(storage, name);
    throw error;
  }
}

/**
 * Streams the file into storage in one read, hashing on the way: its SHA-256 for the manifest and,
 * as create-torrent reads the same chunks beside the upload, the torrent's piece hashes. A storage
 * write is whole or nothing, so a half copy is never served.
 */
async function storeAndHash(
  storage: ObjectStorage,
  source: string,
  name: string,
): Promise<{ sha256: string; size: number; torrent: Uint8Array }> {
  const sha256 = createHash('sha256');
  const torrentInput = new PassThrough({ highWaterMark: PIECE_LENGTH });
  const torrent = createPackageTorrent(torrentInput, name);
  // Awaited below once the upload is done; an upload that fails first leaves it unawaited.
  torrent.catch(() => {});
  async function* hashing() {
    for await (const chunk of createReadStream(source) as AsyncIterable<Buffer>) {
      sha256.update(chunk);
      // create-torrent's pace holds the upload back too, never the other way round.
      if (!torrentInput.write(chunk)) await Promise.race([once(torrentInput, 'drain'), torrent]);
      yield chunk;
    }
    torrentInput.end();
  }
  try {
    const { size } = await storage.put(catalogueKeys.package(name), hashing());
    return { sha256: sha256.digest('hex'), size, torrent: await torrent };
  } catch (error) {
    torrentInput.destroy();
    throw error;
  }
}

async function removeStored(storage: ObjectStorage, name: string): Promise<void> {
  await storage.delete(catalogueKeys.package(name));
  await storage.delete(catalogueKeys.torrent(name));
  await storage.delete(catalogueKeys.manifest(name));
}

/** The id of the folder at `path` (null for the root), creating what is missing. */
async function ensureFolders(trx: Transaction<Database>, path: string[]): Promise<number | null> {
  let parent: number | null = null;
  for (const file of path) {
    const parentId: number | null = parent;
    const existing = await trx
      .selectFrom('catalogue_files')
      .select(['id', 'is_dir'])
      .where('file', '=', file)
      .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
      .executeTakeFirst();
    if (existing && !existing.is_dir) throw new PublishError(`${file} is a file, not a folder`);
    parent =
      existing?.id ??
      (
        await trx
          .insertInto('catalogue_files')
          .values({ parent_id: parentId, file, is_dir: true })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  }
  return parent;
}

export interface UnpublishedPackage {
  id: number;
  name: string;
}

/** Removes a package (by name or id), its stored bytes and torrent, and the folders it leaves empty. */
export async function unpublishPackage(
  db: Kysely<Database>,
  storage: ObjectStorage,
  nameOrId: string,
): Promise<UnpublishedPackage> {
  const byId = /^\d{1,9}$/.test(nameOrId);
  const removed = await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('catalogue_files')
      .where('is_dir', '=', false)
      .where((eb) => (byId ? eb('id', '=', Number(nameOrId)) : eb('storage_name', '=', nameOrId)))
      .returning(['id', 'storage_name', 'parent_id'])
      .executeTakeFirst();
    if (!row?.storage_name) throw new PublishError(`No published package ${nameOrId}`);
    let folder = row.parent_id;
    while (folder !== null) {
      const child = await trx
        .selectFrom('catalogue_files')
        .select('id')
        .where('parent_id', '=', folder)
        .limit(1)
        .executeTakeFirst();
      if (child) break;
      const gone = await trx
        .deleteFrom('catalogue_files')
        .where('id', '=', folder)
        .returning('parent_id')
        .executeTakeFirstOrThrow();
      folder = gone.parent_id;
    }
    return { id: row.id, name: row.storage_name };
  });
  await removeStored(storage, removed.name);
  return removed;
}

export interface ListedPackage {
  id: number;
  name: string;
  kind: CatalogueKind;
  brand: string | null;
  model: string | null;
  soft: string | null;
  version: string | null;
  size: number;
  restricted: boolean;
  infoHash: string;
  publishedAt: Date;
  region: string | null;
  android: string | null;
  securityPatch: string | null;
  bootloader: number | null;
  releaseDate: string | null;
}

/** Every published package, oldest first. */
export async function listPackages(db: Kysely<Database>): Promise<ListedPackage[]> {
  const rows = await db
    .selectFrom('catalogue_files')
    .select([
      'id',
      'storage_name',
      'file',
      'kind',
      'brand',
      'model',
      'soft',
      'version',
      'size',
      'restricted',
      'info_hash',
      'created_at',
      'region',
      'android_version',
      'bootloader',
      // Read as text: the drivers would turn a date into a local-time Date.
      sql<string | null>`security_patch::text`.as('security_patch'),
      sql<string | null>`release_date::text`.as('release_date'),
    ])
    .where('is_dir', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.storage_name ?? row.file,
    kind: row.kind ?? 'file',
    brand: row.brand,
    model: row.model,
    soft: row.soft,
    version: row.version,
    size: row.size ?? 0,
    restricted: row.restricted,
    infoHash: row.info_hash ?? '',
    publishedAt: row.created_at,
    region: row.region,
    android: row.android_version,
    securityPatch: row.security_patch,
    bootloader: row.bootloader,
    releaseDate: row.release_date,
  }));
}
