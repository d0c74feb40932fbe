import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';

/** What the Vite build reads: a change to any of these makes `apps/web/dist` stale. */
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
];

/**
 * The newest modification time under `path` (0 when it does not exist). Folders count too: removing
 * a file (a `git checkout` that deletes one) changes only its folder's.
 */
export async function newestModification(path: string): Promise<number> {
  if (!existsSync(path)) return 0;
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  const modified = await Promise.all(
    entries
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map(async (entry) => (await stat(join(entry.parentPath, entry.name))).mtimeMs),
  );
  return Math.max(info.mtimeMs, ...modified);
}

export async function isWebBuildStale(root: string): Promise<boolean> {
  const builtIndex = join(root, 'apps/web/dist/index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = (await stat(builtIndex)).mtimeMs;
  const inputs = await Promise.all(WEB_INPUTS.map((input) => newestModification(join(root, input))));
  return inputs.some((modified) => modified > builtAt);
}

/** Runs `npm run build -w @benchside/web` when the build is missing or older than its sources. */
export async function buildWebIfStale(root: string, logger: Logger): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(root, 'apps/web/package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (!manifest.scripts?.build) {
    logger.warn('apps/web has no build script yet: the portal serves the API only');
    return;
  }
  if (!(await isWebBuildStale(root))) return;
  logger.info('Building the web app (apps/web/dist is missing or older than its sources)');
  const started = Date.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@benchside/web'], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`Building the web app failed (npm run build -w @benchside/web exited with ${code})`);
  logger.info(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
