import { randomBytes } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { HttpError } from './http-errors.ts';

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

/** Creates the folder when it is missing and proves it can hold files; answers 400 with the reason otherwise. */
export async function prepareDownloadFolder(requested: string): Promise<string> {
  // The contract accepts any platform's absolute form; only this platform's may be used here.
  if (!isAbsolute(requested)) {
    throw new HttpError(400, 'path: The folder must be an absolute path', [
      { propertyPath: 'path', message: 'The folder must be an absolute path' },
    ]);
  }
  const folder = resolve(requested);
  const existing = await stat(folder).catch(() => undefined);
  if (existing !== undefined && !existing.isDirectory()) {
    throw new HttpError(400, `${folder} is not a folder`, [
      { propertyPath: 'path', message: 'This is not a folder' },
    ]);
  }
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw new HttpError(400, `The folder ${folder} cannot be created: ${reason(error)}`, [
      { propertyPath: 'path', message: `The folder cannot be created: ${reason(error)}` },
    ]);
  }
  // A real write is the only honest test: permission bits say nothing about read-only mounts or full disks.
  const probe = join(folder, `.benchside-write-test-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(probe, '');
  } catch (error) {
    throw new HttpError(400, `The folder ${folder} is not writable: ${reason(error)}`, [
      { propertyPath: 'path', message: `The folder is not writable: ${reason(error)}` },
    ]);
  } finally {
    await rm(probe, { force: true });
  }
  return folder;
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
