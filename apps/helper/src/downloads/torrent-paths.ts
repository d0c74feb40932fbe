import { lstat, mkdir, realpath, rm, rmdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { BadRequestError, type HttpError } from '@benchside/server/errors';
import type { Bencoded } from 'parse-torrent';

// `:` covers drive letters and NTFS streams; the rest, with control characters, are what
// fs-chunk-store would silently strip from a name: refusing them keeps the checked path the written one.
const FORBIDDEN_CHARACTERS = /[<>:"/\\|?*]/;

/**
 * Each file's path components as webtorrent will write them (the `.utf-8` variants win, as in
 * parse-torrent), read from the raw `info` dictionary: parse-torrent's joined paths have already
 * had `..` normalised away, which would hide an attack. Every variant a torrent carries is checked.
 */
export function torrentPathComponents(info: { [key: string]: Bencoded }): string[][] {
  const names = [info['name.utf-8'], info.name].filter((name) => name !== undefined).map(asText);
  const name = names[0];
  if (name === undefined) throw unsafeTorrent('the torrent has no name');
  for (const variant of names) assertSafeComponents([variant]);
  const files = info.files;
  if (files === undefined) return [[name]];
  if (!Array.isArray(files)) throw unsafeTorrent('the file list is malformed');
  return files.map((file) => {
    if (!isDictionary(file)) throw unsafeTorrent('the file list is malformed');
    const variants = [file['path.utf-8'], file.path].filter((path) => path !== undefined);
    if (variants.length === 0) throw unsafeTorrent('a file has no path');
    const paths = variants.map((variant) => {
      if (!Array.isArray(variant) || variant.length === 0) throw unsafeTorrent('a file path is malformed');
      const components = variant.map(asText);
      assertSafeComponents(components);
      return [name, ...components];
    });
    return paths[0] ?? [name];
  });
}

/** Refuses `..`, `.`, empty, absolute, drive-letter and separator-bearing components, with the reason. */
export function assertSafeComponents(components: string[]): void {
  for (const component of components) {
    const shown = JSON.stringify(component);
    if (component === '' || component === '.' || component === '..') {
      throw unsafeTorrent(`the file path component ${shown} is not allowed`);
    }
    if (FORBIDDEN_CHARACTERS.test(component) || hasControlCharacter(component)) {
      throw unsafeTorrent(
        `the file path component ${shown} contains a path separator, a drive letter or a reserved character`,
      );
    }
    if (isAbsolute(component)) throw unsafeTorrent(`the file path component ${shown} is absolute`);
  }
}

/**
 * The download's folder, resolved against the download folder; refused unless it stays inside it.
 * A relative `requested` is taken inside the download folder; an absolute one must already be there.
 */
export async function resolveDestination(downloadFolder: string, requested: string): Promise<string> {
  if (requested.includes('\0')) throw unsafeDestination('the path contains a NUL character');
  const root = await realDownloadFolder(downloadFolder);
  const destination = resolve(root, requested);
  if (!isInside(root, destination)) {
    throw unsafeDestination(`${destination} is outside the download folder ${root}`);
  }
  // The download folder itself passed the same rule when it was chosen (download-folder.ts).
  if (
    relative(root, destination)
      .split(sep)
      .some((segment) => segment.startsWith('.'))
  ) {
    throw unsafeDestination(`${destination} is inside a hidden folder (a name starting with ".")`);
  }
  await assertRealPathInside(root, destination);
  return destination;
}

/**
 * Proves that the download's folder and each file the torrent will write resolve, after following
 * symbolic links, to places inside the download folder; creates the download's folder afterwards.
 */
export async function assertTargetsInside(
  downloadFolder: string,
  destination: string,
  files: string[][],
): Promise<void> {
  const root = await realDownloadFolder(downloadFolder);
  if (!isInside(root, destination)) {
    throw unsafeDestination(`${destination} is outside the download folder ${root}`);
  }
  await assertRealPathInside(root, destination);
  for (const components of files) {
    assertSafeComponents(components);
    await assertRealPathInside(root, join(destination, ...components));
  }
  await mkdir(destination, { recursive: true });
  // The folder may have been swapped for a link between the check and its creation.
  await assertRealPathInside(root, destination);
}

/**
 * Deletes the files a torrent wrote, then the folders it created that are left empty; anything
 * that resolves outside the download folder by now (a link put there since) is left alone.
 */
export async function removeTorrentFiles(
  downloadFolder: string,
  destination: string,
  files: string[][],
): Promise<void> {
  const root = await realpath(downloadFolder).catch(() => undefined);
  if (root === undefined) return;
  const folders = new Set<string>();
  for (const components of files) {
    const target = join(destination, ...components);
    try {
      await assertRealPathInside(root, target);
    } catch {
      continue;
    }
    await rm(target, { force: true });
    for (let depth = components.length - 1; depth > 0; depth--) {
      folders.add(join(destination, ...components.slice(0, depth)));
    }
  }
  // Deepest first, so a parent is empty by the time it is tried.
  const deepestFirst = [...folders].sort((a, b) => b.length - a.length);
  for (const folder of deepestFirst) await rmdir(folder).catch(() => undefined);
}

async function realDownloadFolder(downloadFolder: string): Promise<string> {
  await mkdir(downloadFolder, { recursive: true });
  return realpath(downloadFolder);
}

/** Follows links on the longest existing part of `target`; whatever does not exist yet will be created under it. */
async function assertRealPathInside(root: string, target: string): Promise<void> {
  let existing = target;
  while (!(await exists(existing))) {
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  let real: string;
  try {
    real = await realpath(existing);
  } catch {
    // A link pointing nowhere: where it would lead once its target appears is unknown.
    throw unsafeDestination(`${existing} is a broken link`);
  }
  const rest = relative(existing, target);
  if (!isInside(root, join(real, rest))) {
    throw unsafeDestination(`${target} leads outside the download folder ${root} through a link`);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) < 0x20) return true;
  return false;
}

function isInside(root: string, path: string): boolean {
  const fromRoot = relative(root, path);
  return fromRoot === '' || (!fromRoot.startsWith(`..${sep}`) && fromRoot !== '..' && !isAbsolute(fromRoot));
}

function asText(value: Bencoded | undefined): string {
  if (!(value instanceof Uint8Array)) throw unsafeTorrent('a file name is not text');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(value);
  } catch {
    throw unsafeTorrent('a file name is not valid UTF-8');
  }
}

function isDictionary(value: Bencoded): value is { [key: string]: Bencoded } {
  return typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function unsafeTorrent(reason: string): HttpError {
  return new BadRequestError(`The torrent is refused: ${reason}`);
}

function unsafeDestination(reason: string): HttpError {
  return new BadRequestError(`The download location is refused: ${reason}`);
}
