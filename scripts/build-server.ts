import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin, transform } from 'esbuild';
import { type BuildInputs, writeBuildInputs, writeWhole } from './lib/build-inputs.mjs';

/**
 * The servers' entry points bundled into `dist/server` (decision 160), which `scripts/launch.mjs`
 * runs without tsx: tsx hands every module the process loads, node_modules' too, to its loader
 * thread, about a second of each start on a 2-core machine. Only our own TypeScript is bundled;
 * packages load from node_modules as they are.
 *
 * `scripts/launch.mjs` reads the manifest written beside the bundles and rebuilds them (by running
 * this file) when any input is newer or the checkout moved.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRIES = ['start', 'serve-api', 'serve-support', 'migrate'] as const;
export const SERVER_BUNDLE_DIR = join(root, 'dist', 'server');
export const SERVER_BUNDLE_MANIFEST = join(SERVER_BUNDLE_DIR, 'inputs.json');

/** What `scripts/launch.mjs` checks (`scripts/lib/build-inputs.mjs`), and the entry points it may run. */
export interface ServerBundleManifest extends BuildInputs {
  entries: readonly string[];
}

/**
 * Besides the modules themselves, what changes a bundle: the build and the launcher, the
 * TypeScript settings, and the workspaces' package.json files, whose exports map `@benchside/*`.
 */
async function buildInputs(): Promise<string[]> {
  const workspaces = await Promise.all(
    ['packages', 'apps'].map(async (folder) =>
      (await readdir(join(root, folder), { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(root, folder, entry.name, 'package.json')),
    ),
  );
  return [
    ...[
      'scripts/build-server.ts',
      'scripts/launch.mjs',
      'scripts/lib/build-inputs.mjs',
      'tsconfig.base.json',
      'package.json',
    ].map((file) => join(root, file)),
    ...workspaces.flat(),
  ];
}

/**
 * Each bundled module keeps its own `import.meta`: the paths it finds beside itself (the web build,
 * the helper's folder) stay right, and its "run as a script" check stays false inside a server.
 */
function ownImportMeta(compilerOptions: object): Plugin {
  return {
    name: 'own-import-meta',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        const { code } = await transform(await readFile(path, 'utf8'), {
          loader: 'ts',
          format: 'esm',
          target: 'node20',
          sourcefile: path,
          sourcemap: 'inline',
          tsconfigRaw: { compilerOptions },
          define: {
            'import.meta.url': JSON.stringify(pathToFileURL(path).href),
            'import.meta.dirname': JSON.stringify(dirname(path)),
            'import.meta.filename': JSON.stringify(path),
          },
        });
        return { contents: code, loader: 'js', resolveDir: dirname(path) };
      });
    },
  };
}

/** Builds every entry point, then replaces the bundles and the manifest one file at a time. */
export async function buildServer(): Promise<ServerBundleManifest> {
  const startedAt = Date.now();
  const { compilerOptions } = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: object;
  };
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES.map((entry) => join(root, 'scripts', `${entry}.ts`)),
    outdir: SERVER_BUNDLE_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-from-node-modules',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            path.startsWith('@benchside/') ? undefined : { external: true },
          );
        },
      },
      ownImportMeta(compilerOptions),
    ],
  });
  await mkdir(SERVER_BUNDLE_DIR, { recursive: true });
  // A server starting meanwhile reads an old bundle or a new one, never half of one.
  for (const file of result.outputFiles) await writeWhole(file.path, file.contents);
  const manifest: ServerBundleManifest = {
    root,
    startedAt,
    inputs: [
      ...Object.keys(result.metafile.inputs).map((input) => resolve(root, input)),
      ...(await buildInputs()),
    ],
    outputs: SERVER_ENTRIES.map((entry) => join(SERVER_BUNDLE_DIR, `${entry}.js`)),
    entries: SERVER_ENTRIES,
  };
  await writeBuildInputs(SERVER_BUNDLE_MANIFEST, manifest);
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { startedAt, inputs } = await buildServer();
  process.stdout.write(
    `Bundled ${SERVER_ENTRIES.join(', ')} into ${relative(process.cwd(), SERVER_BUNDLE_DIR)} from ${inputs.length} files in ${Date.now() - startedAt} ms\n`,
  );
}
