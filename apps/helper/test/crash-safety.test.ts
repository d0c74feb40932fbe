import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeRandomFile } from './downloads/fixtures.ts';
import { HelperProcesses, listening, type StartedHelper, waitFor } from './helper-bin.ts';
import {
  DownloadsHost,
  exists,
  type PublishedPackage,
  sha256Of,
  UNLOCK_TOOL,
  waitForDownload,
} from './packages.ts';
import { freePort, postJson, startHelper } from './support.ts';

const MB = 1024 * 1024;

const processes = new HelperProcesses();
const hosts: DownloadsHost[] = [];

afterEach(async () => {
  await processes.cleanUp();
  for (const host of hosts.splice(0)) await host.close();
});

async function startHost(work: string, options: { bytesPerSecond?: number } = {}): Promise<DownloadsHost> {
  const host = new DownloadsHost(join(work, 'host'));
  hosts.push(host);
  await host.start(options);
  return host;
}

/** Stops a helper the polite way and waits for it. */
async function stop(started: StartedHelper): Promise<void> {
  started.child.kill('SIGTERM');
  expect(await started.exit).toBe(0);
}

async function killHard(started: StartedHelper): Promise<void> {
  started.child.kill('SIGKILL');
  await started.exit;
}

// Each case starts the helper several times, and each start compiles the TypeScript entry: seconds on a busy machine.
describe('a helper killed with kill -9', { timeout: 240_000 }, () => {
  it('refuses a second helper on the same config folder in one line, even when two start at once over a stale lock', async () => {
    const configDir = await processes.folder('lock');
    const [firstPort, secondPort, thirdPort] = [await freePort(), await freePort(), await freePort()];
    const first = await processes.start({ HELPER_CONFIG_DIR: configDir, HELPER_PORTS: String(firstPort) });
    await listening(first);

    const second = await processes.start({ HELPER_CONFIG_DIR: configDir, HELPER_PORTS: String(secondPort) });
    await waitFor(
      () => second.child.exitCode !== null || second.output().includes('helper listening on'),
      'the second helper to start or give up',
    );
    expect(second.output()).toBe(
      `benchside-helper: another helper (process ${first.child.pid}) already uses the config folder ${configDir}; stop it first\n`,
    );
    expect(await second.exit).toBe(1);
    expect((await postJson(firstPort, '/general/ping')).status).toBe(200);

    // Its lock stays behind; two helpers starting together must not both take it over.
    await killHard(first);
    const racers = [
      await processes.start({ HELPER_CONFIG_DIR: configDir, HELPER_PORTS: String(secondPort) }),
      await processes.start({ HELPER_CONFIG_DIR: configDir, HELPER_PORTS: String(thirdPort) }),
    ];
    const refused = (started: StartedHelper) => started.output().includes('another helper (process');
    await waitFor(
      () => racers.every((racer) => racer.output().includes('helper listening on') || refused(racer)),
      'both helpers to listen or give up',
      60_000,
    );
    const winners = racers.filter((racer) => !refused(racer));
    expect(winners, racers.map((racer) => racer.output()).join('\n---\n')).toHaveLength(1);
    const loser = racers.find(refused);
    expect(await loser?.exit).toBe(1);
    const winner = winners[0];
    if (winner) await stop(winner);
  });

  it('leaves the old or the new tool recorded and on disk at every step of an install, and no staging folder', async () => {
    const work = await processes.folder('crash-install');
    const configDir = join(work, 'config');
    const toolsFolder = join(configDir, 'tools');
    const host = await startHost(work);
    const published = new Map<string, PublishedPackage>();
    for (const version of ['1.2.0', '1.3.0']) {
      published.set(version, await host.publishTool(`unlock-tool-${version}`, { ...UNLOCK_TOOL, version }));
    }
    const port = await freePort();
    const start = (crashAt?: string) =>
      processes.start({
        HELPER_CONFIG_DIR: configDir,
        HELPER_PORTS: String(port),
        HELPER_DOWNLOADS_HOSTS: host.url('/dl'),
        HELPER_PACKAGE_KEY: host.publicKeyText,
        ...(crashAt === undefined ? {} : { HELPER_TEST_CRASH_AT: crashAt }),
      });
    const hashes = new Map<string, string>();

    const setUp = await start();
    await listening(setUp);
    // The helper takes only a folder that already exists (issue 15, item 9).
    await mkdir(join(work, 'Downloads'));
    expect(
      (await postJson(port, '/general/setDownloadFolder', { path: join(work, 'Downloads') })).status,
    ).toBe(200);
    for (const [version, pkg] of published) {
      const added = await postJson(port, '/downloads/add', {
        url: pkg.torrentUrl,
        soft: 'Unlock Tool',
        path: version,
      });
      expect(added.status, added.text).toBe(200);
      const { hash } = added.json() as { hash: string };
      hashes.set(version, hash);
      await waitForDownload(port, hash, (item) => item.state === 'done');
    }
    const first = await postJson(port, '/downloads/install', { hash: hashes.get('1.2.0') });
    expect(first.status, first.text).toBe(200);
    await stop(setUp);

    /** What the restarted helper serves, the record on disk and the tools folder must tell one story. */
    async function expectRecordAndDiskAgree(): Promise<string> {
      const listed = (await postJson(port, '/software/list')).json() as Array<{
        id: string;
        version: string;
        folder: string;
      }>;
      expect(listed.map((tool) => tool.id)).toEqual(['unlock-tool']);
      const [tool] = listed;
      if (!tool) throw new Error('no tool');
      const { tools } = JSON.parse(await readFile(join(configDir, 'tools.json'), 'utf8')) as {
        tools: Array<{ id: string; version: string; folder: string; sha256: string }>;
      };
      expect(tools).toEqual([
        expect.objectContaining({ id: 'unlock-tool', version: tool.version, folder: tool.folder }),
      ]);
      expect(tools[0]?.sha256).toBe(published.get(tool.version)?.sha256);
      expect(tool.folder).toBe(join(toolsFolder, 'Unlock-Tool', tool.version));
      expect(await readFile(join(tool.folder, 'README.txt'), 'utf8')).toBe(`Unlock Tool ${tool.version}\n`);
      expect(await exists(join(tool.folder, 'bin', 'tool.mjs'))).toBe(true);
      // No staging folder, no set-aside old version, no unrecorded version: only the tool itself.
      expect(await readdir(toolsFolder)).toEqual(['Unlock-Tool']);
      expect(await readdir(join(toolsFolder, 'Unlock-Tool'))).toEqual([tool.version]);
      return tool.version;
    }

    const rounds: Array<{ crashAt: string; install: 'the same version again' | 'the other version' }> = [
      { crashAt: 'install:extracted', install: 'the other version' },
      { crashAt: 'install:journal-written', install: 'the other version' },
      { crashAt: 'install:old-set-aside', install: 'the same version again' },
      { crashAt: 'install:moved-into-place', install: 'the same version again' },
      { crashAt: 'install:moved-into-place', install: 'the other version' },
      { crashAt: 'install:recorded', install: 'the other version' },
      { crashAt: 'install:recorded', install: 'the same version again' },
    ];
    for (const round of rounds) {
      const helper = await start(round.crashAt);
      await listening(helper);
      const recorded = await expectRecordAndDiskAgree();
      const version =
        round.install === 'the same version again' ? recorded : recorded === '1.2.0' ? '1.3.0' : '1.2.0';
      const install = await postJson(port, '/downloads/install', {
        hash: hashes.get(version),
        isSoftwareUpdate: true,
      }).then(
        (response) => `answered ${response.status}`,
        () => 'died',
      );
      expect(install, `${round.crashAt}, ${round.install}`).toBe('died');
      expect(await helper.exit).toBeNull();
    }

    const last = await start();
    await listening(last);
    const survivor = await expectRecordAndDiskAgree();
    const other = survivor === '1.2.0' ? '1.3.0' : '1.2.0';
    const update = await postJson(port, '/downloads/install', {
      hash: hashes.get(other),
      isSoftwareUpdate: true,
    });
    expect(update.status, update.text).toBe(200);
    expect(await expectRecordAndDiskAgree()).toBe(other);
    await stop(last);
  });

  it('resumes a web-seeded download from the verified pieces and finishes it with the published SHA-256', async () => {
    const work = await processes.folder('crash-download');
    const configDir = join(work, 'config');
    const size = 16 * MB;
    const source = join(work, 'firmware.bin');
    const content = await writeRandomFile(source, size);
    // Slow enough that the kill lands in the middle of the transfer.
    const host = await startHost(work, { bytesPerSecond: 2 * MB });
    const pkg = await host.publish(source, 'firmware.bin');
    expect(pkg.sha256).toBe(sha256Of(content));
    const port = await freePort();
    const env = {
      HELPER_CONFIG_DIR: configDir,
      HELPER_PORTS: String(port),
      HELPER_DOWNLOADS_HOSTS: host.url('/dl'),
      HELPER_PACKAGE_KEY: host.publicKeyText,
    };

    const before = await processes.start(env);
    await listening(before);
    // The helper takes only a folder that already exists (issue 15, item 9).
    await mkdir(join(work, 'Downloads'));
    expect(
      (await postJson(port, '/general/setDownloadFolder', { path: join(work, 'Downloads') })).status,
    ).toBe(200);
    const added = await postJson(port, '/downloads/add', {
      url: pkg.torrentUrl,
      soft: 'Firmware',
      path: 'firmware',
    });
    expect(added.status, added.text).toBe(200);
    const { hash } = added.json() as { hash: string };
    await waitForDownload(port, hash, (item) => item.progress >= 0.3, 60_000);
    await killHard(before);
    const sentBeforeRestart = host.bytesSent;

    const after = await processes.start(env);
    await listening(after);
    await waitForDownload(port, hash, (item) => item.state === 'done', 120_000);
    const fetchedAfterRestart = host.bytesSent - sentBeforeRestart;
    expect(fetchedAfterRestart).toBeGreaterThan(0);
    expect(fetchedAfterRestart).toBeLessThan(size * 0.8);
    const written = await readFile(join(work, 'Downloads', 'firmware', 'firmware.bin'));
    expect(sha256Of(written)).toBe(pkg.sha256);
    await stop(after);
  });

  it('forgets a recorded tool whose folder is gone and deletes unfinished writes and staging folders when it starts', async () => {
    const configDir = await processes.folder('leftovers');
    const toolsFolder = join(configDir, 'tools');
    const record = {
      ...UNLOCK_TOOL,
      soft: 'Unlock Tool',
      folder: join(toolsFolder, 'Unlock-Tool', '1.2.0'),
      sha256: 'a'.repeat(64),
      downloadHash: 'b'.repeat(40),
      installedAt: new Date().toISOString(),
    };
    await writeFile(join(configDir, 'tools.json'), JSON.stringify({ version: 1, tools: [record] }));
    await writeFile(join(configDir, '.settings.json.4242.0123456789ab.tmp'), '{"downloadFo');
    await mkdir(join(toolsFolder, '.staging-0123456789abcdef', 'bin'), { recursive: true });
    await mkdir(join(toolsFolder, 'Other-Tool', '.previous-0123456789abcdef'), { recursive: true });
    // A journal naming folders outside the tools folder is not followed.
    await writeFile(
      join(toolsFolder, '.install.json'),
      JSON.stringify({
        staging: '/tmp',
        target: '/etc',
        previous: '/',
        record: { ...record, folder: '/etc' },
      }),
    );

    const helper = await startHelper({ configDir });
    try {
      expect((await postJson(helper.port, '/software/list')).json()).toEqual([]);
      expect(JSON.parse(await readFile(join(configDir, 'tools.json'), 'utf8'))).toEqual({
        version: 1,
        tools: [],
      });
      expect(await readdir(toolsFolder)).toEqual(['Other-Tool']);
      expect(await readdir(join(toolsFolder, 'Other-Tool'))).toEqual([]);
      expect((await readdir(configDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      await helper.close();
    }
  });
});
