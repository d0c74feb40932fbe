import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';

// The names writeFileAtomically gives its temp files.
const TEMP_FILE = /^\..+\.\d+\.[0-9a-f]{12}\.tmp$/;

/**
 * Replaces `file` so that a crash or kill at any moment leaves either the old or the new content,
 * never a torn file: write a sibling temp file, flush it to disk, rename over, flush the directory.
 */
export async function writeJsonAtomically(file: string, value: unknown): Promise<void> {
  await writeFileAtomically(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** What a JSON file of the helper's holds: its value, nothing yet, or why it cannot be used. */
export type JsonFileContent<Value> =
  | { found: 'value'; value: Value }
  | { found: 'nothing' }
  /** `unreadable`: the file could not be read; `damaged`: it was read and holds no such value. */
  | { found: 'unreadable' | 'damaged'; problem: string };

/**
 * Reads a file that writeJsonAtomically wrote and checks it against `schema`; `holds` names what it
 * should hold in the problem's sentence ("a tool list").
 */
export async function readJsonFile<Value>(
  file: string,
  schema: z.ZodType<Value>,
  holds: string,
): Promise<JsonFileContent<Value>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { found: 'nothing' };
    return { found: 'unreadable', problem: `Cannot read ${file} (${describe(error)})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { found: 'damaged', problem: `${file} is not valid JSON (${describe(error)})` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return {
      found: 'damaged',
      problem: `${file} does not hold ${holds} (${parsed.error.issues[0]?.message})`,
    };
  }
  return { found: 'value', value: parsed.data };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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

/**
 * Deletes the temp files that writes in `folder` left when the helper was killed mid-write. Only
 * the helper holding the instance lock may call this: another one's write in progress would go too.
 */
export async function removeUnfinishedWrites(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => []);
  await Promise.all(
    names.filter((name) => TEMP_FILE.test(name)).map((name) => rm(join(folder, name), { force: true })),
  );
}

/** Flushes every file and folder under `root` to disk, so a rename of `root` publishes complete content. */
export async function syncTree(root: string): Promise<void> {
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) await syncTree(path);
    else if (entry.isFile()) await syncFile(path);
  }
  await syncFolder(root);
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes the renames and deletions inside `folder` survive a power cut. */
export async function syncFolder(folder: string): Promise<void> {
  // Directories cannot be opened for fsync on Windows; the rename is still atomic there.
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
