import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export type ArchiveKind = 'zip' | 'tar.gz';

/** An archive entry that would land outside the target, or is not a plain file or folder. */
export class UnsafeArchiveError extends Error {}

// A package bigger than this unpacked is a zip bomb, not a tool.
const MAX_UNPACKED_BYTES = 8 * 1024 ** 3;
const MAX_ENTRIES = 100_000;

export function archiveKindOf(fileName: string): ArchiveKind | undefined {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'tar.gz';
  return undefined;
}

/**
 * Unpacks `archive` into the empty folder `target`. Only plain files and folders are written, each
 * proven to stay inside `target`; links, devices, absolute paths and `..` refuse the whole archive.
 * The caller deletes `target` when this throws.
 */
export async function extractArchive(archive: string, kind: ArchiveKind, target: string): Promise<void> {
  if (kind === 'zip') await extractZip(archive, target);
  else await extractTarGz(archive, target);
}

function checkEntryPath(target: string, entryPath: string): string {
  const parts = entryPath.split(/[\\/]/).filter((part) => part !== '' && part !== '.');
  if (isAbsolute(entryPath) || /^[A-Za-z]:/.test(entryPath) || parts.includes('..')) {
    throw new UnsafeArchiveError(`the entry ${JSON.stringify(entryPath)} points outside the package`);
  }
  const destination = join(target, ...parts);
  const fromTarget = relative(target, destination);
  if (fromTarget.startsWith(`..${sep}`) || fromTarget === '..' || isAbsolute(fromTarget)) {
    throw new UnsafeArchiveError(`the entry ${JSON.stringify(entryPath)} points outside the package`);
  }
  return destination;
}

async function extractTarGz(archive: string, target: string): Promise<void> {
  let refusal: UnsafeArchiveError | undefined;
  let entries = 0;
  let bytes = 0;
  await tar
    .x({
      file: archive,
      cwd: target,
      // Every warning (a `..` entry, an absolute path) is an error: the archive is not what was published.
      strict: true,
      preservePaths: false,
      preserveOwner: false,
      filter: (path, entry) => {
        if (refusal) return false;
        try {
          const type = 'type' in entry ? entry.type : undefined;
          if (type !== 'File' && type !== 'OldFile' && type !== 'Directory') {
            throw new UnsafeArchiveError(
              `the entry ${JSON.stringify(path)} is a ${String(type ?? 'special entry')}, not a file or folder`,
            );
          }
          checkEntryPath(target, path);
          entries += 1;
          bytes += 'size' in entry && typeof entry.size === 'number' ? entry.size : 0;
          if (entries > MAX_ENTRIES || bytes > MAX_UNPACKED_BYTES) {
            throw new UnsafeArchiveError('the package unpacks to more than the helper accepts');
          }
          return true;
        } catch (error) {
          refusal = error instanceof UnsafeArchiveError ? error : new UnsafeArchiveError(String(error));
          return false;
        }
      },
    })
    .catch((error: unknown) => {
      throw refusal ?? asUnsafe(error);
    });
  if (refusal) throw refusal;
}

function asUnsafe(error: unknown): Error {
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('TAR_')) {
    return new UnsafeArchiveError(`the archive is refused: ${error.message.replace(/^TAR_ENTRY_\w+: /, '')}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

async function extractZip(archive: string, target: string): Promise<void> {
  // yauzl refuses absolute paths and `..` itself (decodeStrings), and checks entry sizes.
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      archive,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true },
      (error, opened) => (error ? reject(asUnsafeZip(error)) : resolve(opened)),
    ),
  );
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new UnsafeArchiveError('the package holds too many files');
    let bytes = 0;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        zip.close();
        reject(asUnsafeZip(error));
      };
      zip.on('error', fail);
      zip.on('end', resolve);
      zip.on('entry', (entry: Entry) => {
        writeZipEntry(zip, entry, target, () => {
          bytes += entry.uncompressedSize;
          return bytes <= MAX_UNPACKED_BYTES;
        }).then(() => zip.readEntry(), fail);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

async function writeZipEntry(
  zip: ZipFile,
  entry: Entry,
  target: string,
  withinBudget: () => boolean,
): Promise<void> {
  const isFolder = entry.fileName.endsWith('/');
  const mode = (entry.externalFileAttributes >>> 16) & 0xffff;
  const type = mode & S_IFMT;
  // Zips made on Windows carry no Unix mode (type 0): those are plain files and folders too.
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
    throw new UnsafeArchiveError(`the entry ${JSON.stringify(entry.fileName)} is a link or special file`);
  }
  const destination = checkEntryPath(target, entry.fileName);
  if (isFolder || type === S_IFDIR) {
    await mkdir(destination, { recursive: true });
    return;
  }
  if (!withinBudget()) throw new UnsafeArchiveError('the package unpacks to more than the helper accepts');
  await mkdir(dirname(destination), { recursive: true });
  const source = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
  // `wx`: a second entry with the same name must not overwrite the first one.
  await pipeline(source, createWriteStream(destination, { flags: 'wx', mode: 0o644 }));
}

function asUnsafeZip(error: unknown): Error {
  if (error instanceof UnsafeArchiveError) return error;
  if (
    error instanceof Error &&
    /invalid (relative path|characters|absolute path)|absolute path/.test(error.message)
  ) {
    return new UnsafeArchiveError(`the archive is refused: ${error.message}`);
  }
  if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
    return new UnsafeArchiveError('the archive holds the same file twice');
  }
  return error instanceof Error
    ? new UnsafeArchiveError(`the archive is damaged: ${error.message}`)
    : new Error(String(error));
}
