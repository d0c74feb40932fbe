import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `file` so that a crash or kill at any moment leaves either the old or the new content,
 * never a torn file: write a sibling temp file, flush it to disk, rename over, flush the directory.
 */
export async function writeJsonAtomically(file: string, value: unknown): Promise<void> {
  await writeFileAtomically(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** The same guarantee for any text file. */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = join(folder, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

async function syncFolder(folder: string): Promise<void> {
  // Directories cannot be opened for fsync on Windows; the rename is still atomic there.
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
