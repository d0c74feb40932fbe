import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBundleOptions } from './build-server.ts';

/** A package in the scratch folder's node_modules, as npm would have put it there. */
async function installPackage(folder: string, name: string, files: Record<string, string>) {
  const packageFolder = join(folder, 'node_modules', name);
  await mkdir(packageFolder, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(packageFolder, file), text);
  return packageFolder;
}

describe('scripts/build-server.ts bundles a server with its packages', { timeout: 60_000 }, () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'benchside-build-server-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('gives each bundled module the location of its own file, so packages still find the files beside them', async () => {
    const commonJs = await installPackage(scratch, 'beside-me-cjs', {
      'package.json': JSON.stringify({ name: 'beside-me-cjs', version: '1.2.3', main: 'index.js' }),
      'index.js': `const { readFileSync } = require('node:fs');
const { join } = require('node:path');
module.exports = { dirname: __dirname, filename: __filename,
  version: JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8')).version };`,
    });
    const esModule = await installPackage(scratch, 'beside-me-esm', {
      'package.json': JSON.stringify({ name: 'beside-me-esm', type: 'module', exports: './index.js' }),
      'index.js': 'export const url = import.meta.url;',
    });
    const entry = join(scratch, 'server.ts');
    await writeFile(
      entry,
      `import besideCommonJs from 'beside-me-cjs';
import { url } from 'beside-me-esm';
const own: string = import.meta.url;
console.log(JSON.stringify({ ...besideCommonJs, esModule: url, own }));`,
    );

    const bundle = join(scratch, 'dist', 'server.js');
    await build({
      ...serverBundleOptions({}),
      absWorkingDir: scratch,
      entryPoints: [entry],
      outfile: bundle,
    });
    const seen = JSON.parse(execFileSync(process.execPath, [bundle], { encoding: 'utf8' }));

    expect(seen).toEqual({
      dirname: commonJs,
      filename: join(commonJs, 'index.js'),
      version: '1.2.3',
      esModule: pathToFileURL(join(esModule, 'index.js')).href,
      own: pathToFileURL(entry).href,
    });
  });
});
