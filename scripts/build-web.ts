import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { isBuildCurrent, readBuildInputs, writeBuildInputs } from './lib/build-inputs.mjs';

/**
 * What the Vite build reads, as paths under the checkout. Vite also reads files outside its module
 * graph (the Sass partials, the first paint's stylesheet its config compiles, the public folder), so
 * the build records every file and folder under these, not the modules it bundled: a folder's time
 * changes when a file is added to it or removed from it.
 */
const WEB_INPUTS = [
  'apps/web',
  'packages/contracts/src',
  'packages/server/src/static-compression.ts',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-web.ts',
  'scripts/lib/build-inputs.mjs',
];
/**
 * What is under those and is no input: the build's output, Vite's cache, and the apps/web folder
 * itself, whose time changes when the first build creates dist in it.
 */
const NOT_INPUTS = ['apps/web/dist', 'apps/web/node_modules'];
const NOT_INPUT_FOLDER = 'apps/web';

/** Outside apps/web/dist, which the portal serves whole: the record names the checkout's paths. */
const webBuildRecord = (root: string) => join(root, 'dist', 'web-build.json');
const builtIndex = (root: string) => join(root, 'apps', 'web', 'dist', 'index.html');

/** Every file and folder the web build reads, as absolute paths (those that exist). */
export async function listWebInputs(root: string): Promise<string[]> {
  const excluded = NOT_INPUTS.map((folder) => join(root, folder));
  const isInput = (path: string) =>
    path !== join(root, NOT_INPUT_FOLDER) &&
    !excluded.some((folder) => path === folder || path.startsWith(`${folder}/`));
  const listed = await Promise.all(
    WEB_INPUTS.map(async (input) => {
      const path = join(root, input);
      try {
        const entries = await readdir(path, { withFileTypes: true, recursive: true });
        return [
          path,
          ...entries
            .filter((entry) => entry.isFile() || entry.isDirectory())
            .map((entry) => join(entry.parentPath, entry.name)),
        ];
      } catch (error) {
        const { code } = error as NodeJS.ErrnoException;
        if (code === 'ENOTDIR') return [path];
        if (code === 'ENOENT') return [];
        throw error;
      }
    }),
  );
  return listed.flat().filter(isInput);
}

/** Records that the web app in apps/web/dist was built, from `inputs`, starting at `startedAt`. */
export async function recordWebBuild(root: string, startedAt: number, inputs: string[]): Promise<void> {
  await writeBuildInputs(webBuildRecord(root), { root, startedAt, inputs, outputs: [builtIndex(root)] });
}

export async function isWebBuildStale(root: string): Promise<boolean> {
  return !isBuildCurrent(readBuildInputs(webBuildRecord(root)), root);
}

/** Runs `vite build` in apps/web (`npm run build -w @benchside/web`) and records what it read. */
export async function buildWeb(root: string): Promise<void> {
  const startedAt = Date.now();
  const inputs = await listWebInputs(root);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@benchside/web'], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`Building the web app failed (npm run build -w @benchside/web exited with ${code})`);
  await recordWebBuild(root, startedAt, inputs);
}

/** Builds the web app when its build is missing, was made in another checkout or is older than its sources. */
export async function buildWebIfStale(root: string, logger: Logger): Promise<void> {
  if (!(await isWebBuildStale(root))) return;
  logger.info('Building the web app (apps/web/dist is missing or older than its sources)');
  const started = Date.now();
  await buildWeb(root);
  logger.info(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// `npm run build`: always builds, and records it for the next start.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildWeb(join(dirname(fileURLToPath(import.meta.url)), '..'));
}
