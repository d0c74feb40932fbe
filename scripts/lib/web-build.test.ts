import { mkdir, mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isWebBuildStale } from './web-build.ts';

const BEFORE_BUILD = new Date('2026-01-01T10:00:00Z');
const BUILT_AT = new Date('2026-01-01T11:00:00Z');
const AFTER_BUILD = new Date('2026-01-01T12:00:00Z');

describe('whether the web build is stale', () => {
  let root: string;

  /** Writes `path` under the root, its folders created, and dates it (and its new folders) `at`. */
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

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'benchside-web-build-'));
    for (const source of [
      'apps/web/src/main.tsx',
      'apps/web/src/features/cards/cards-page.tsx',
      'apps/web/public/favicon.svg',
      'apps/web/index.html',
      'packages/contracts/src/index.ts',
    ]) {
      await writeDated(source, BEFORE_BUILD);
      await dateFolders(source, BEFORE_BUILD);
    }
    await writeDated('apps/web/dist/index.html', BUILT_AT);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is not when no source changed since the build', async () => {
    expect(await isWebBuildStale(root)).toBe(false);
  });

  it('is when there is no build', async () => {
    await unlink(join(root, 'apps/web/dist/index.html'));
    expect(await isWebBuildStale(root)).toBe(true);
  });

  it('is when a source deep in a folder changed after the build', async () => {
    await writeDated('apps/web/src/features/cards/cards-page.tsx', AFTER_BUILD, 'changed');
    await dateFolders('apps/web/src/features/cards/cards-page.tsx', BEFORE_BUILD);
    expect(await isWebBuildStale(root)).toBe(true);
  });

  it('is when a shared contract changed after the build', async () => {
    await writeDated('packages/contracts/src/index.ts', AFTER_BUILD, 'changed');
    await dateFolders('packages/contracts/src/index.ts', BEFORE_BUILD);
    expect(await isWebBuildStale(root)).toBe(true);
  });

  it('is when a file was removed after the build, which only its folder records', async () => {
    await unlink(join(root, 'apps/web/public/favicon.svg'));
    expect(await isWebBuildStale(root)).toBe(true);
  });
});
