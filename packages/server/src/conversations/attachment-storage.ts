import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { SNIFF_BYTES } from './content-sniffing.ts';

export interface StoredFile {
  storageKey: string;
  size: number;
  /** The file's first bytes (up to SNIFF_BYTES), for sniffing its type. */
  head: Buffer;
}

/**
 * Uploaded attachments in the object storage under `attachments/`, a folder no server serves
 * statically. Each file is named by a random key; the user's file name is kept only in the
 * database, so it can never choose or escape a path.
 */
export interface AttachmentStorage {
  save(source: Readable): Promise<StoredFile>;
  /** The stored file, or null when it is gone from storage. */
  open(storageKey: string): Promise<Readable | null>;
  remove(storageKey: string): Promise<void>;
}

const STORAGE_KEY = /^[0-9a-f]{32}$/;

export function createAttachmentStorage(objects: ObjectStorage): AttachmentStorage {
  const keyOf = (storageKey: string): string => {
    if (!STORAGE_KEY.test(storageKey)) throw new Error('Invalid attachment storage key');
    return `attachments/${storageKey}`;
  };

  return {
    async save(source) {
      const storageKey = randomBytes(16).toString('hex');
      const head: Buffer[] = [];
      let headLength = 0;
      // Keeps the first bytes for sniffing as they pass on their way to storage.
      async function* keepingHead() {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          if (headLength < SNIFF_BYTES) {
            const part = chunk.subarray(0, SNIFF_BYTES - headLength);
            head.push(part);
            headLength += part.length;
          }
          yield chunk;
        }
      }
      const { size } = await objects.put(keyOf(storageKey), keepingHead());
      return { storageKey, size, head: Buffer.concat(head) };
    },
    async open(storageKey) {
      return (await objects.get(keyOf(storageKey)))?.body ?? null;
    },
    async remove(storageKey) {
      await objects.delete(keyOf(storageKey));
    },
  };
}
