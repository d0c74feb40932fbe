import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { signedPackageManifestSchema } from '@benchside/contracts/helper';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomically } from '../atomic-json.ts';
import { describeError } from './transfer.ts';

export const DOWNLOADS_FILE_NAME = 'downloads.json';

const savedDownloadSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{40}$/),
  soft: z.string(),
  /** The download folder when the download was added: its files must stay inside it. */
  folder: z.string(),
  /** Absolute folder the torrent's files are written under. */
  path: z.string(),
  /** The .torrent file as received, base64: the one source of names, sizes and piece hashes. */
  torrent: z.string(),
  /** Web seeds added after the torrent, on top of its own url-list. */
  webSeeds: z.array(z.string()),
  started: z.boolean(),
  done: z.boolean(),
  /** Verified bytes when last seen; only shown while stopped, a restart re-checks the data. */
  downloaded: z.number().nonnegative(),
  error: z.string().optional(),
  /** The vendor's signed manifest of the package, as fetched from the downloads host; installing needs it. */
  signedManifest: signedPackageManifestSchema.optional(),
});
export type SavedDownload = z.infer<typeof savedDownloadSchema>;

const downloadsFileSchema = z.object({
  version: z.literal(1),
  downloads: z.array(savedDownloadSchema),
});

/** The download list in the helper's config folder; a torn or foreign file is set aside, never fatal. */
export class DownloadStateFile {
  readonly #file: string;
  // Writes are chained so two quick changes cannot land on disk in the wrong order.
  #pendingWrite: Promise<void> = Promise.resolve();

  constructor(stateDir: string) {
    this.#file = join(stateDir, DOWNLOADS_FILE_NAME);
  }

  async read(warn: (message: string) => void): Promise<SavedDownload[]> {
    const content = await readJsonFile(this.#file, downloadsFileSchema, 'a download list');
    if (content.found === 'value') return content.value.downloads;
    if (content.found === 'unreadable') warn(`${content.problem}; starting with no downloads`);
    if (content.found === 'damaged') await this.#setAside(warn, content.problem);
    return [];
  }

  write(downloads: SavedDownload[]): Promise<void> {
    const write = this.#pendingWrite.then(() => writeJsonAtomically(this.#file, { version: 1, downloads }));
    this.#pendingWrite = write.catch(() => undefined);
    return write;
  }

  // Kept rather than overwritten by the next save, so someone can still look at what went wrong.
  async #setAside(warn: (message: string) => void, problem: string): Promise<void> {
    const aside = `${this.#file}.corrupt-${Date.now()}`;
    try {
      await rename(this.#file, aside);
      warn(`${problem}; moved to ${aside}, starting with no downloads`);
    } catch (error) {
      warn(`${problem} and cannot be moved aside (${describeError(error)}); starting with no downloads`);
    }
  }
}
