import { mkdir, mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isWebBuildStale, listWebInputs, recordWebBuild } from './build-web.ts';

const BEFORE_BUILD = new Date('2026-01-01T10:00:00Z');
const BUILT_AT = new Date('2026-01-01T11:00:00Z');
const AFTER_BUILD = new Date('2026-01-01T12:00:00Z');

describe('whether the web build is stale', () => {
  let root: string;

  /** Writes `path` under the root, its folders created, and dates it `at`. */
  async function writeDated(path: string, at: Date, text = path): Promise<void> {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
    await utimes(join(root, path), at, at);
  }

  /** Dates every folder on the way to `path` `at`, as a checkout long ago left them. */
  async function dateFolders(path: string, at: Date): Promise<void> {
    const parts = path.split('/').slice(0, -1);
    for (let depth = parts.length; depth > 0; depth -= 1) {
      await utimes(join(root, ...parts.slice(0, depth)), at, at);
    }
  }

  /** Builds as `npm run build` would, as far as the record goes: lists the inputs, writes the output. */
  async function build(): Promise<void> {
    const inputs = await listWebInputs(root);
    await writeDated('apps/web/dist/index.html', BUILT_AT);
    await recordWebBuild(root, BUILT_AT.getTime(), inputs);
  }

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'benchside-web-build-'));
    const sources = [
      'apps/web/src/main.tsx',
      'apps/web/src/features/cards/cards-page.tsx',
      'apps/web/src/styles/_config.scss',
      'apps/web/public/favicon.svg',
      'apps/web/index.html',
      'apps/web/route-chunks.ts',
      'packages/contracts/src/index.ts',
      'package-lock.json',
    ];
    for (const source of sources) await writeDated(source, BEFORE_BUILD);
    for (const source of sources) await dateFolders(source, BEFORE_BUILD);
    await build();
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is not when no source changed since the build, though the build created dist beside them', async () => {
    await utimes(join(root, 'apps/web'), AFTER_BUILD, AFTER_BUILD);
    expect(await isWebBuildStale(root)).toBe(false);
  });

  it('is when there is no build, or no record of one', async () => {
    await unlink(join(root, 'apps/web/dist/index.html'));
    expect(await isWebBuildStale(root)).toBe(true);
    await build();
    await unlink(join(root, 'dist/web-build.json'));
    expect(await isWebBuildStale(root)).toBe(true);
  });

  it.each([
    'apps/web/src/features/cards/cards-page.tsx',
    'apps/web/src/styles/_config.scss',
    'apps/web/route-chunks.ts',
    'packages/contracts/src/index.ts',
    'package-lock.json',
  ])('is when %s changed after the build', async (source) => {
    await writeDated(source, AFTER_BUILD, 'changed');
    await dateFolders(source, BEFORE_BUILD);
    expect(await isWebBuildStale(root)).toBe(true);
  });

  it('is when a file was removed after the build, or one was added', async () => {
    await unlink(join(root, 'apps/web/public/favicon.svg'));
    expect(await isWebBuildStale(root)).toBe(true);
    await build();
    await writeDated('apps/web/public/icon.png', BEFORE_BUILD);
    await utimes(join(root, 'apps/web/public'), AFTER_BUILD, AFTER_BUILD);
    expect(await isWebBuildStale(root)).toBe(true);
  });

  it('is when it was built in another checkout', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'benchside-web-build-elsewhere-'));
    try {
      await writeDated('apps/web/dist/index.html', BUILT_AT);
      await recordWebBuild(elsewhere, BUILT_AT.getTime(), []);
      await rm(join(root, 'dist'), { recursive: true });
      await mkdir(join(root, 'dist'));
      await writeFile(
        join(root, 'dist/web-build.json'),
        JSON.stringify({ root: elsewhere, startedAt: BUILT_AT.getTime(), inputs: [], outputs: [] }),
      );
      expect(await isWebBuildStale(root)).toBe(true);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('does not count what the build writes as what it reads', async () => {
    await writeDated('apps/web/node_modules/.vite/deps.json', AFTER_BUILD);
    const inputs = await listWebInputs(root);
    expect(inputs).toContain(join(root, 'apps/web/src/styles/_config.scss'));
    expect(inputs).toContain(join(root, 'apps/web/public'));
    expect(inputs.filter((input) => input.includes('/dist') || input.includes('node_modules'))).toEqual([]);
    expect(inputs).not.toContain(join(root, 'apps/web'));
  });
});
