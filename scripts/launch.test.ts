import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_MANIFEST, type ServerBundleManifest } from './build-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('scripts/launch.mjs runs the servers from their bundles', { timeout: 120_000 }, () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'benchside-launch-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  /** `npm run migrate` as package.json runs it, on an embedded database of this test's own. */
  function migrate() {
    const finished = spawnSync(process.execPath, ['scripts/launch.mjs', 'migrate'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        BENCHSIDE_DEMO: '1',
        DATA_DIR: join(scratch, 'data'),
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(finished.stderr).toBe('');
    expect(finished.status).toBe(0);
    return finished.stdout;
  }

  const manifest = async () =>
    JSON.parse(await readFile(SERVER_BUNDLE_MANIFEST, 'utf8')) as ServerBundleManifest;

  it('reuses bundles newer than every file they were built from, and rebuilds them otherwise', async () => {
    migrate();
    const built = await manifest();
    expect(built.root).toBe(resolve(root));
    expect(built.inputs).toContain(join(root, 'scripts', 'migrate.ts'));
    expect(built.inputs).toContain(join(root, 'packages', 'db', 'src', 'migrate.ts'));

    expect(migrate()).toBe('');
    expect((await manifest()).startedAt).toBe(built.startedAt);

    // As if every source had been edited after the build. (Another test's start may rebuild the
    // bundles first: the manifest, not this start's output, says they were rebuilt.)
    await writeFile(SERVER_BUNDLE_MANIFEST, JSON.stringify({ ...built, startedAt: 0 }));
    migrate();
    expect((await manifest()).startedAt).toBeGreaterThan(built.startedAt);
  });

  it('rebuilds bundles made in another checkout, whose modules would look beside the other one', async () => {
    migrate();
    await writeFile(SERVER_BUNDLE_MANIFEST, JSON.stringify({ ...(await manifest()), root: '/elsewhere' }));
    migrate();
    expect((await manifest()).root).toBe(resolve(root));
  });

  it.each([['../../etc/passwd'], ['nonsense'], ['']])(
    'refuses an entry point that is not one of the servers (%j) and runs nothing',
    (entry) => {
      const finished = spawnSync(process.execPath, ['scripts/launch.mjs', entry], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(finished.status).toBe(2);
      expect(finished.stdout).toBe('');
      expect(finished.stderr).toBe(
        'Usage: node scripts/launch.mjs <start | serve-api | serve-support | migrate>\n',
      );
    },
  );
});
