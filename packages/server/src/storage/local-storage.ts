import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type ObjectStorage } from './object-storage.ts';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Objects as files under `root` (DATA_DIR), one folder per key segment: `attachments/<hex>` is
 * `$DATA_DIR/attachments/<hex>`. Files are the server's alone (600 in 700 folders) and appear
 * whole: written under a hidden temporary name (no key starts with ".") and renamed into place.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    return join(root, ...key.split('/'));
  };

  return {
    location: root,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.partial`);
      const file = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(body, file);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: file.bytesWritten };
    },
    async get(key, range) {
      const path = pathOf(key);
      const handle = await open(path, 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (handle === null) return null;
      try {
        const found = await handle.stat();
        if (range && (range.start > range.end || range.end >= found.size)) {
          throw new RangeError(`Range ${range.start}-${range.end} is outside ${key} (${found.size} bytes)`);
        }
        // The stream closes the handle when it ends or is destroyed.
        return {
          body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
          size: found.size,
          length: range ? range.end - range.start + 1 : found.size,
          lastModified: found.mtime,
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async stat(key) {
      const found = await stat(pathOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return found?.isFile() ? { size: found.size, lastModified: found.mtime } : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}
