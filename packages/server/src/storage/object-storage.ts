import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Config } from '../config.ts';

/** The top folders of every key: nothing else under DATA_DIR (the database, the signing key) is reachable. */
export const STORAGE_FOLDERS = ['attachments', 'catalogue', 'helper-installer'] as const;

/** One folder or file name: no hidden names, no `.`/`..`, nothing a shell or URL would treat specially. */
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,254}$/;
const MAX_KEY_SEGMENTS = 4;

/** A key outside the rules: a bug in the caller, never something a user typed reaches storage. */
export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

/** `attachments/<hex>`, `catalogue/packages/<name>`, `helper-installer/<file>`… or InvalidStorageKeyError. */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  const [folder = ''] = segments;
  const valid =
    segments.length >= 2 &&
    segments.length <= MAX_KEY_SEGMENTS &&
    (STORAGE_FOLDERS as readonly string[]).includes(folder) &&
    segments.every((segment) => KEY_SEGMENT.test(segment));
  if (!valid) throw new InvalidStorageKeyError(`Invalid storage key ${JSON.stringify(key)}`);
}

export interface ObjectInfo {
  /** Bytes in the whole object. */
  size: number;
  lastModified: Date;
}

/** Inclusive byte positions, already checked against the object's size by the caller. */
export interface ObjectRange {
  start: number;
  end: number;
}

export interface StoredObject extends ObjectInfo {
  /** The bytes, streamed: never held in memory whole. */
  body: Readable;
  /** Bytes in `body`: the range's length, or the whole size. */
  length: number;
}

/**
 * Every file the servers keep, by key: the local folder (DATA_DIR) or an S3-compatible bucket,
 * as StorageConfig says. Writes are whole or nothing: a reader never sees half an object.
 */
export interface ObjectStorage {
  /** For logs and messages: the folder, or `s3://bucket`. */
  readonly location: string;
  /** Streams `body` to `key`, replacing what was there; returns the bytes stored. */
  put(key: string, body: AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** The object or a range of it, streamed; null when there is none. */
  get(key: string, range?: ObjectRange): Promise<StoredObject | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Resolves when the storage can be read and written (a readiness check); throws otherwise. */
  check(): Promise<void>;
}

export type StorageOperation = Exclude<keyof ObjectStorage, 'location'>;

export interface ObjectStorageOptions {
  /** Told of every failed operation (a missing object is not one), e.g. to count them for metrics. */
  onError?: (operation: StorageOperation, error: unknown) => void;
}

/**
 * The storage the configuration names, never another: S3_BUCKET set means the bucket, unset means
 * DATA_DIR. The AWS SDK takes about a second to load, so only an S3 configuration loads it.
 */
export async function createObjectStorage(
  config: Pick<Config, 'dataDir' | 'storage'>,
  options: ObjectStorageOptions = {},
): Promise<ObjectStorage> {
  const storage =
    config.storage.kind === 's3'
      ? (await import('./s3-storage.ts')).createS3Storage(config.storage)
      : (await import('./local-storage.ts')).createLocalStorage(config.dataDir);
  return options.onError ? reportingErrors(storage, options.onError) : storage;
}

function reportingErrors(
  storage: ObjectStorage,
  onError: NonNullable<ObjectStorageOptions['onError']>,
): ObjectStorage {
  const watch = <T>(operation: StorageOperation, run: () => Promise<T>): Promise<T> =>
    run().catch((error: unknown) => {
      onError(operation, error);
      throw error;
    });
  return {
    location: storage.location,
    put: (key, body) => watch('put', () => storage.put(key, body)),
    get: (key, range) => watch('get', () => storage.get(key, range)),
    stat: (key) => watch('stat', () => storage.stat(key)),
    delete: (key) => watch('delete', () => storage.delete(key)),
    check: () => watch('check', () => storage.check()),
  };
}

/** A small object (a torrent, a manifest) as bytes; null when there is none. */
export async function readSmallObject(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  return found === null ? null : buffer(found.body);
}
