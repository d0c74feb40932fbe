// @ts-check
/**
 * `npm start`, `npm run serve:api`, `serve:support` and `migrate`: runs the entry point's bundle
 * from dist/server (decision 160) in this process, without tsx. The bundles are rebuilt first, by
 * scripts/build-server.ts, when they are missing, were built in another checkout, or any file they
 * were built from changed since. Plain JavaScript, as it must run before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isBuildCurrent, readBuildInputs } from './lib/build-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundleDir = join(root, 'dist', 'server');
const entry = process.argv[2] ?? '';

/** @typedef {import('./build-server.ts').ServerBundleManifest} ServerBundleManifest */

/** @returns {ServerBundleManifest | undefined} */
const readManifest = () =>
  /** @type {ServerBundleManifest | undefined} */ (readBuildInputs(join(bundleDir, 'inputs.json')));

let manifest = readManifest();
if (manifest === undefined || !isBuildCurrent(manifest, root)) {
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
await import(pathToFileURL(join(bundleDir, `${entry}.js`)).href);
