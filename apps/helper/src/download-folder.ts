import { randomBytes } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { realpath, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { type HttpError, ValidationError } from '@benchside/server/errors';

/** `~/Downloads/Benchside`, or a folder beside the settings when the home folder cannot take it. */
export function defaultDownloadFolder(configDir: string): string {
  const home = homedir();
  return isUsableFolder(home) ? join(home, 'Downloads', 'Benchside') : join(configDir, 'downloads');
}

function isUsableFolder(path: string): boolean {
  if (path === '' || !isAbsolute(path)) return false;
  try {
    if (!statSync(path).isDirectory()) return false;
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `path` is an existing folder, and the bytes this user may still write on its disk. */
export async function downloadFolderSpace(
  path: string,
): Promise<{ exists: boolean; freeBytes: number | null }> {
  const found = await stat(path).catch(() => undefined);
  if (!found?.isDirectory()) return { exists: false, freeBytes: null };
  // `bavail`, not `bfree`: the blocks a file system keeps for root are no room for this user's downloads.
  const { bavail, bsize } = await statfs(path);
  return { exists: true, freeBytes: bavail * bsize };
}

/**
 * Accepts a download folder only when it is an existing directory of this user, outside hidden
 * configuration folders and system folders (also after following links), that can hold files;
 * answers 400 with the reason otherwise. The page chooses the folder, so the rule is what stops a
 * page from having packages written into ~/.ssh, ~/.config/autostart or /etc.
 */
export async function prepareDownloadFolder(requested: string): Promise<string> {
  // The contract accepts any platform's absolute form; only this platform's may be used here.
  if (!isAbsolute(requested)) {
    throw new ValidationError('path: The folder must be an absolute path', {
      violations: [{ propertyPath: 'path', message: 'The folder must be an absolute path' }],
    });
  }
  const folder = resolve(requested);
  const existing = await stat(folder).catch(() => undefined);
  if (existing === undefined) {
    throw folderRefused(folder, 'does not exist; create it first');
  }
  if (!existing.isDirectory()) {
    throw new ValidationError(`${folder} is not a folder`, {
      violations: [{ propertyPath: 'path', message: 'This is not a folder' }],
    });
  }
  const real = await realpath(folder);
  for (const path of new Set([folder, real])) {
    const refusal = forbiddenLocation(path);
    if (refusal !== undefined) throw folderRefused(folder, refusal);
  }
  const uid = process.getuid?.();
  if (uid !== undefined && existing.uid !== uid) {
    throw folderRefused(folder, 'belongs to another user');
  }
  // A real write is the only honest test: permission bits say nothing about read-only mounts or full disks.
  const probe = join(folder, `.benchside-write-test-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(probe, '');
  } catch (error) {
    throw new ValidationError(`The folder ${folder} is not writable: ${reason(error)}`, {
      violations: [{ propertyPath: 'path', message: `The folder is not writable: ${reason(error)}` }],
    });
  } finally {
    await rm(probe, { force: true });
  }
  return folder;
}

const POSIX_SYSTEM_FOLDERS = /^\/(etc|usr|bin|sbin|boot|dev|proc|sys|var|run|lib(?:32|64|x32)?)(\/|$)/;
const WINDOWS_SYSTEM_FOLDERS = /^[a-z]:\\(windows|program files[^\\]*|programdata)(\\|$)/i;

/** Why an absolute path may not hold downloads, or undefined when it may. */
export function forbiddenLocation(path: string): string | undefined {
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
  if (segments.length === 0 || /^[a-z]:$/i.test(path.replace(/[\\/]+$/, ''))) {
    return 'is the root of the file system';
  }
  if (segments.some((segment) => segment.startsWith('.'))) {
    return 'is inside a hidden folder (a name starting with "."), where programs keep their settings';
  }
  if (POSIX_SYSTEM_FOLDERS.test(path) || WINDOWS_SYSTEM_FOLDERS.test(path)) {
    return 'is a system folder';
  }
  return undefined;
}

function folderRefused(folder: string, problem: string): HttpError {
  return new ValidationError(`The folder ${folder} ${problem}`, {
    violations: [{ propertyPath: 'path', message: `The folder ${problem}` }],
  });
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file',
  EEXIST: 'a file with that name exists',
  ENOENT: 'the location does not exist',
  ENOSPC: 'the disk is full',
  ENAMETOOLONG: 'the path is too long',
};

function reason(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  return REASONS[code] ?? (error instanceof Error ? error.message : String(error));
}
