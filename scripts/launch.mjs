// @ts-check
/**
 * `npm start`, `npm run serve:api`, `serve:support` and `migrate`: runs the entry point's bundle
 * from dist/server (decision 160) in this process, without tsx. The bundles are rebuilt first, by
 * scripts/build-server.ts, when they are missing, were built in another checkout, or any file they
 * were built from changed since. Plain JavaScript, as it must run before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundleDir = join(root, 'dist', 'server');
const entry = process.argv[2] ?? '';

/** @param {string} path */
function modifiedAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** @typedef {{ root: string, startedAt: number, entries: string[], inputs: string[] }} Manifest */

/** @returns {Manifest | undefined} */
function readManifest() {
  try {
    return JSON.parse(readFileSync(join(bundleDir, 'inputs.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string} name */
const bundleOf = (name) => join(bundleDir, `${name}.js`);

/**
 * Inputs first: scripts/build-server.ts is one, so a manifest of an older form is stale before its
 * fields are read. A removed input counts as changed: the module that imported it changed too.
 * @param {Manifest} manifest
 */
const isFresh = (manifest) =>
  manifest.root === root &&
  manifest.inputs.every((input) => modifiedAt(input) <= manifest.startedAt) &&
  manifest.entries.every((name) => modifiedAt(bundleOf(name)) !== Number.POSITIVE_INFINITY);

let manifest = readManifest();
if (manifest === undefined || !isFresh(manifest)) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-server.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  manifest = readManifest();
  if (built.status !== 0 || manifest === undefined) {
    process.stderr.write(
      "The servers' bundles in dist/server are missing or older than their sources, and building them failed: run `npm run build` where the checkout can be written.\n",
    );
    process.exit(1);
  }
}
if (!manifest.entries.includes(entry)) {
  process.stderr.write(`Usage: node scripts/launch.mjs <${manifest.entries.join(' | ')}>\n`);
  process.exit(2);
}
// Stack traces in the logs name the TypeScript sources' lines, not the bundle's.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundleOf(entry)).href);
