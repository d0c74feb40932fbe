import { randomBytes } from 'node:crypto';
import { createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from './content-sniffing.ts';

export interface StoredFile {
  storageKey: string;
  size: number;
  /** The file's first bytes (up to SNIFF_BYTES), for sniffing its type. */
  head: Buffer;
}

/**
 * Uploaded attachments on disk, under `$DATA_DIR/attachments`: a folder no server serves
 * statically. Each file is named by a random key; the user's file name is kept only in the
 * database, so it can never choose or escape a path.
 */
export interface AttachmentStorage {
  readonly directory: string;
  save(source: Readable): Promise<StoredFile>;
  /** The stored file, or null when it is gone from disk. */
  open(storageKey: string): Promise<ReadStream | null>;
  remove(storageKey: string): Promise<void>;
}

const STORAGE_KEY = /^[0-9a-f]{32}$/;

export function createAttachmentStorage(dataDir: string): AttachmentStorage {
  const directory = join(dataDir, 'attachments');
  const pathOf = (storageKey: string): string => {
    if (!STORAGE_KEY.test(storageKey)) throw new Error('Invalid attachment storage key');
    return join(directory, storageKey);
  };

  return {
    directory,
    async save(source) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const storageKey = randomBytes(16).toString('hex');
      const chunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (headLength < SNIFF_BYTES) {
            const part = chunk.subarray(0, SNIFF_BYTES - headLength);
            chunks.push(part);
            headLength += part.length;
          }
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, measure, createWriteStream(pathOf(storageKey), { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(pathOf(storageKey), { force: true });
        throw error;
      }
      return { storageKey, size, head: Buffer.concat(chunks) };
    },
    async open(storageKey) {
      try {
        return (await open(pathOf(storageKey), 'r')).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(storageKey) {
      await rm(pathOf(storageKey), { force: true });
    },
  };
}
