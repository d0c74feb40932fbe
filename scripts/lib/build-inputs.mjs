// @ts-check
/**
 * One answer, for the three builds a start makes when they are stale (decision 161), to "is this
 * build older than what it was made from?": the web app, the helper's installer and the servers'
 * bundles. Each build records, outside what is served, the checkout it was built in, when it started
 * and every file it was made from; it stands while it was built in this checkout, none of those
 * files changed or went since it started, and its outputs are there. A file changed while the build
 * ran is newer than its start, so the next start builds again.
 *
 * Plain JavaScript: scripts/launch.mjs reads it before anything is compiled.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * @typedef {object} BuildInputs
 * @property {string} root The checkout the build was made in: its outputs may name files beside it.
 * @property {number} startedAt When the build started, in milliseconds since the epoch.
 * @property {string[]} inputs Absolute paths of the files (and for the web app, folders) it read.
 * @property {string[]} outputs Absolute paths of what it wrote.
 */

/**
 * The record at `path`, or undefined when there is none or it cannot be read.
 * @param {string} path
 * @returns {BuildInputs | undefined}
 */
export function readBuildInputs(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string} path */
function modifiedAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Whether the build `record` describes still stands for the checkout at `root`. A removed input
 * counts as changed: whatever read it changed too, or the folder that held it.
 * @param {BuildInputs | undefined} record
 * @param {string} root
 */
export function isBuildCurrent(record, root) {
  return (
    record?.root === root &&
    Array.isArray(record.inputs) &&
    Array.isArray(record.outputs) &&
    record.inputs.every((input) => modifiedAt(input) <= record.startedAt) &&
    record.outputs.every((output) => modifiedAt(output) !== Number.POSITIVE_INFINITY)
  );
}

/**
 * Writes `contents` to `path` whole (staged beside it, then renamed), so a start reading it
 * meanwhile finds the old file or the new one.
 * @param {string} path
 * @param {string | Uint8Array} contents
 */
export async function writeWhole(path, contents) {
  const staging = `${path}.${process.pid}.partial`;
  await writeFile(staging, contents);
  await rename(staging, path);
}

/**
 * @param {string} path
 * @param {BuildInputs} record
 */
export async function writeBuildInputs(path, record) {
  await mkdir(dirname(path), { recursive: true });
  await writeWhole(path, JSON.stringify(record));
}
