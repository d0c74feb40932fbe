import { chmod, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '@benchside/server/config';
import { createObjectStorage } from '@benchside/server/storage/object-storage';
import { build, type Plugin, stop as stopEsbuild } from 'esbuild';
import { create } from 'tar';
import { writeBuildInputs } from '../../../scripts/lib/build-inputs.mjs';
import { COMMONJS_REQUIRE_BANNER } from '../../../scripts/lib/commonjs-in-esm-bundle.ts';
import { helperInstallerTrust, storeHelperInstaller } from '../../api/src/helper-installer/routes.ts';
import type { BuiltInTrust } from '../src/built-in.ts';

const helperFolder = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(helperFolder, '..', '..');
export const INSTALLER_PATH = join(helperFolder, 'dist', 'benchside-helper.tgz');
/** What the installer beside it was built to trust (BuiltInTrust), so a changed portal repacks it. */
export const INSTALLER_TRUST_PATH = join(helperFolder, 'dist', 'benchside-helper.trust.json');
/** What it was made from (`scripts/lib/build-inputs.mjs`), so a start repacks it only when that changed. */
export const INSTALLER_INPUTS_PATH = join(helperFolder, 'dist', 'benchside-helper.inputs.json');

/**
 * Besides our modules the bundle holds: the packages installed by the lockfile, and what this
 * script writes from the helper's package.json.
 */
const PACK_INPUTS = [
  'apps/helper/scripts/pack.ts',
  'apps/helper/package.json',
  'package-lock.json',
  'scripts/lib/build-inputs.mjs',
  'scripts/lib/commonjs-in-esm-bundle.ts',
  'tsconfig.base.json',
];

/** Native modules stay outside the bundle; the installer's package.json names them as optional. */
const NATIVE_OPTIONAL = ['pcsclite'];

// The CommonJS parts of webtorrent's tree call `require`.
const BANNER = ['#!/usr/bin/env node', COMMONJS_REQUIRE_BANNER].join('\n');

/**
 * webtorrent loads uTP (`utp-native`, compiled at install) through `lib/utp.cjs` and warns on every
 * start when it is missing. uTP is used only with peer-to-peer on, and TCP peers do without it: the
 * installer carries none, so there is nothing to compile and nothing to warn about.
 */
const withoutUtp: Plugin = {
  name: 'without-utp',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /[\\/]utp\.cjs$/ }, (args) =>
      args.importer.includes('node_modules') ? { path: 'utp', namespace: 'without-utp' } : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'without-utp' }, () => ({
      contents: 'module.exports = {};',
      loader: 'js',
    }));
  },
};

/**
 * The installer a portal serves trusts that portal: its address, downloads host and publishing keys
 * take the place of src/built-in.ts, which is empty when the helper runs from source.
 */
function builtInTrust(trust: BuiltInTrust): Plugin {
  return {
    name: 'built-in-trust',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /[\\/]apps[\\/]helper[\\/]src[\\/]built-in\.ts$/ }, () => ({
        contents: `export const BUILT_IN = ${JSON.stringify(trust)};`,
        loader: 'ts',
      }));
    },
  };
}

interface HelperManifest {
  version: string;
  description?: string;
  optionalDependencies?: Record<string, string>;
}

/**
 * `npm run pack:helper`: the installer artefact the portal links to, `dist/benchside-helper.tgz`.
 * The helper and everything it imports (the workspace packages, webtorrent, fastify, zod…) are
 * bundled by esbuild into one ES module, so the tarball runs as it is unpacked — `node
 * package/bin/benchside-helper.js` — or installs with `npm install -g benchside-helper.tgz`; only
 * the optional native card-reader binding is left to npm.
 */
export async function packHelper(trust: BuiltInTrust = {}): Promise<{ path: string; bytes: number }> {
  const startedAt = Date.now();
  const manifest = JSON.parse(await readFile(join(helperFolder, 'package.json'), 'utf8')) as HelperManifest;
  // A staging folder and tarball of this call's own, renamed into place at the end: two stacks
  // starting side by side (npm test runs both e2e configurations at once) may both pack, and
  // neither ever serves or extracts a half-written installer.
  await mkdir(join(helperFolder, 'dist'), { recursive: true });
  const staging = await mkdtemp(join(helperFolder, 'dist', 'staging-'));
  const packageFolder = join(staging, 'package');
  await mkdir(join(packageFolder, 'bin'), { recursive: true });

  const bin = join(packageFolder, 'bin', 'benchside-helper.js');
  // A portal packs once, at its start: esbuild's service (about 140 MB resident) would otherwise
  // live as long as the portal.
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [join(helperFolder, 'src', 'main.ts')],
    outfile: bin,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: NATIVE_OPTIONAL,
    plugins: [withoutUtp, builtInTrust(trust)],
    banner: { js: BANNER },
    legalComments: 'linked',
    logLevel: 'error',
    metafile: true,
  }).finally(stopEsbuild);
  await chmod(bin, 0o755);

  const optionalDependencies = Object.fromEntries(
    NATIVE_OPTIONAL.map((name) => [name, manifest.optionalDependencies?.[name] ?? '*']),
  );
  const installerManifest = {
    name: 'benchside-helper',
    version: manifest.version,
    description: 'The Benchside local helper: downloads, tools and card readers for the Benchside portal',
    type: 'module',
    bin: { 'benchside-helper': 'bin/benchside-helper.js' },
    engines: { node: '>=20.19' },
    optionalDependencies,
  };
  await writeFile(join(packageFolder, 'package.json'), `${JSON.stringify(installerManifest, null, 2)}\n`);
  await writeFile(
    join(packageFolder, 'README.md'),
    [
      '# Benchside Helper',
      '',
      'Needs Node.js 20.19 or later.',
      '',
      '    npm install -g ./benchside-helper.tgz   # or: tar xzf benchside-helper.tgz',
      '    benchside-helper                        # or: node package/bin/benchside-helper.js',
      '    benchside-helper --register-protocol    # Linux: opens from the portal’s Launch Helper link',
      '',
    ].join('\n'),
  );

  const tarball = join(staging, 'benchside-helper.tgz');
  await create({ gzip: true, file: tarball, cwd: staging, portable: true }, ['package']);
  await rename(tarball, INSTALLER_PATH);
  await writeFile(INSTALLER_TRUST_PATH, `${JSON.stringify(trust)}\n`);
  await rm(staging, { recursive: true, force: true });
  await writeBuildInputs(INSTALLER_INPUTS_PATH, {
    root,
    startedAt,
    // Our own modules (a plugin's namespaced stand-ins are no files); packages count by the lockfile.
    inputs: [
      ...Object.keys(metafile.inputs)
        .filter((input) => !input.includes('node_modules') && !input.includes(':'))
        .map((input) => resolve(root, input)),
      ...PACK_INPUTS.map((input) => join(root, input)),
    ],
    outputs: [INSTALLER_PATH, INSTALLER_TRUST_PATH],
  });
  return { path: INSTALLER_PATH, bytes: (await stat(INSTALLER_PATH)).size };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The portal this installer will be served by: PUBLIC_URL, DOWNLOADS_HOST and PACKAGE_SIGNING_KEY(_NEXT),
  // and the storage its API nodes serve it from (DATA_DIR or S3_BUCKET).
  const config = loadConfig(process.env);
  const { path, bytes } = await packHelper(await helperInstallerTrust(config));
  const storage = await createObjectStorage(config);
  await storeHelperInstaller(storage, path);
  process.stdout.write(`${path}: ${(bytes / 1024 / 1024).toFixed(1)} MiB, served from ${storage.location}\n`);
}
