import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run pack:helper`: the installer artefact the portal links to, `dist/benchside-helper.tgz`,
 * made by `npm pack` so it holds exactly what an install of the package would.
 */
const helperFolder = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(helperFolder, 'dist');
mkdirSync(dist, { recursive: true });
const output = execFileSync('npm', ['pack', '--json', '--pack-destination', dist], {
  cwd: helperFolder,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [packed] = JSON.parse(output) as Array<{ filename: string; size: number; entryCount: number }>;
if (!packed) throw new Error('npm pack reported no file');
const artefact = join(dist, 'benchside-helper.tgz');
renameSync(join(dist, packed.filename), artefact);
process.stdout.write(`${artefact}: ${packed.entryCount} files, ${packed.size} bytes\n`);
