import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BuildOptions, build, type Plugin, transform } from 'esbuild';
import { type BuildInputs, writeBuildInputs, writeWhole } from './lib/build-inputs.mjs';
import { COMMONJS_REQUIRE_BANNER } from './lib/commonjs-in-esm-bundle.ts';

/**
 * The servers' entry points bundled into `dist/server` (decision 160), which `scripts/launch.mjs`
 * runs without tsx: tsx hands every module the process loads, node_modules' too, to its loader
 * thread, about a second of each start on a 2-core machine. The packages are bundled too (decision
 * 166), but for the few that load files of their own at run time, so a start reads four files, not
 * two thousand.
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
      'scripts/lib/commonjs-in-esm-bundle.ts',
      'tsconfig.base.json',
      'package.json',
      'package-lock.json',
    ].map((file) => join(root, file)),
    ...workspaces.flat(),
  ];
}

/**
 * Packages left to load from node_modules: esbuild runs its native binary; PGlite's Emscripten
 * loader compiles its WebAssembly and data beside its own files, and is a handful of modules to
 * load; `pg-native` is an optional binding a package asks for only if installed. A package that
 * only reads files beside itself, as swagger-ui reads its static pages, is bundled: each bundled
 * module keeps its own location (decision 167).
 */
const PACKAGES_LOADED_FROM_NODE_MODULES = ['esbuild', '@electric-sql/pglite', 'pg-native'] as const;

const isLoadedFromNodeModules = (specifier: string) =>
  PACKAGES_LOADED_FROM_NODE_MODULES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** The names by which a module finds where it is, in ES modules and in CommonJS. */
const OWN_LOCATION = /import\.meta|__dirname|__filename/;

/**
 * What a module's own location is, as it would be from its source file: `import.meta` for ours and
 * for ES module packages, `__dirname` and `__filename` for CommonJS ones.
 */
function ownLocation(path: string) {
  return {
    'import.meta.url': JSON.stringify(pathToFileURL(path).href),
    'import.meta.dirname': JSON.stringify(dirname(path)),
    'import.meta.filename': JSON.stringify(path),
    __dirname: JSON.stringify(dirname(path)),
    __filename: JSON.stringify(path),
  };
}

/**
 * Each bundled module keeps its own location: the paths it finds beside itself (the web build, the
 * helper's folder, a package's own package.json or worker script) stay right, and its "run as a
 * script" check stays false inside a server.
 */
function ownLocationPerModule(compilerOptions: object): Plugin {
  return {
    name: 'own-location-per-module',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        const { code } = await transform(await readFile(path, 'utf8'), {
          loader: 'ts',
          format: 'esm',
          target: 'node20',
          sourcefile: path,
          sourcemap: 'inline',
          tsconfigRaw: { compilerOptions },
          define: ownLocation(path),
        });
        return { contents: code, loader: 'js', resolveDir: dirname(path) };
      });
      pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/].*\.(js|cjs|mjs)$/ }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        if (!OWN_LOCATION.test(source)) return undefined;
        const { code } = await transform(source, {
          loader: 'js',
          sourcefile: path,
          define: ownLocation(path),
        });
        return { contents: code, loader: 'js', resolveDir: dirname(path) };
      });
    },
  };
}

/** How a server's bundle is made, whatever its entry points and where it goes. */
export function serverBundleOptions(compilerOptions: object) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Node maps a stack trace with the lines alone; the sources' text would triple each map's size.
    sourcesContent: false,
    logLevel: 'warning',
    banner: { js: COMMONJS_REQUIRE_BANNER },
    plugins: [
      {
        name: 'packages-loaded-from-node-modules',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            isLoadedFromNodeModules(path) ? { external: true } : undefined,
          );
        },
      },
      ownLocationPerModule(compilerOptions),
    ],
  } satisfies BuildOptions;
}

/** Builds every entry point, then replaces the bundles and the manifest one file at a time. */
export async function buildServer(): Promise<ServerBundleManifest> {
  const startedAt = Date.now();
  const { compilerOptions } = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: object;
  };
  const result = await build({
    ...serverBundleOptions(compilerOptions),
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES.map((entry) => join(root, 'scripts', `${entry}.ts`)),
    outdir: SERVER_BUNDLE_DIR,
    metafile: true,
    write: false,
  });
  await mkdir(SERVER_BUNDLE_DIR, { recursive: true });
  // A server starting meanwhile reads an old bundle or a new one, never half of one.
  for (const file of result.outputFiles) await writeWhole(file.path, file.contents);
  const manifest: ServerBundleManifest = {
    root,
    startedAt,
    inputs: [
      // Our own modules; the packages count by the lockfile, as a start would otherwise check the
      // times of about 1,600 files of node_modules (30 ms here).
      ...Object.keys(result.metafile.inputs)
        .filter((input) => !input.includes('node_modules'))
        .map((input) => resolve(root, input)),
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
