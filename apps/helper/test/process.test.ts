import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownListeningSockets, writeRandomFile } from './downloads/fixtures.ts';
import { HelperProcesses, waitFor } from './helper-bin.ts';
import { DownloadsHost } from './packages.ts';
import { freePort, postJson } from './support.ts';

const processes = new HelperProcesses();
const blockers: Server[] = [];
const runBin = (env: Record<string, string>) => processes.start(env);

afterEach(async () => {
  await processes.cleanUp();
  for (const blocker of blockers.splice(0)) blocker.close();
});

async function occupy(port: number): Promise<void> {
  const blocker = createServer();
  blockers.push(blocker);
  await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
}

// Each case starts Node and compiles the TypeScript entry, which takes seconds on a busy machine.
describe('benchside-helper', { timeout: 60_000 }, () => {
  it('takes the first free port of HELPER_PORTS, prints where, and stops cleanly on SIGINT', async () => {
    const taken = await freePort();
    await occupy(taken);
    const free = await freePort();
    const started = await runBin({ HELPER_PORTS: `${taken},${free}` });
    await waitFor(() => started.output().includes('helper listening on'), 'the listening line');
    expect(started.output()).toContain(`helper listening on http://127.0.0.1:${free}\n`);
    expect((await postJson(free, '/general/ping')).status).toBe(200);

    started.child.kill('SIGINT');
    expect(await started.exit).toBe(0);
  });

  it('stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const started = await runBin({ HELPER_PORTS: String(port) });
    await waitFor(() => started.output().includes('helper listening on'), 'the listening line');
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
  });

  it('gives up with a clear line when every port is taken', async () => {
    const port = await freePort();
    await occupy(port);
    const started = await runBin({ HELPER_PORTS: String(port) });
    expect(await started.exit).toBe(1);
    expect(started.output()).toContain(`Every helper port is taken: ${port}`);
  });

  it('refuses bad configuration with one line naming the variable', async () => {
    const started = await runBin({ HELPER_ORIGINS: '*' });
    expect(await started.exit).toBe(1);
    expect(started.output()).toBe('benchside-helper: HELPER_ORIGINS: "*" is not a URL\n');
  });

  it('keeps a readable settings file when killed in the middle of changes', async () => {
    const port = await freePort();
    const configDir = await processes.folder('kill');
    for (let round = 0; round < 3; round++) {
      const started = await runBin({ HELPER_PORTS: String(port), HELPER_CONFIG_DIR: configDir });
      await waitFor(() => started.output().includes('helper listening on'), 'the listening line');
      const targets = Array.from({ length: 40 }, (_, index) => join(configDir, `round-${round}-${index}`));
      // The helper takes only existing folders (issue 15).
      for (const target of targets) await mkdir(target, { recursive: true });
      const changes = targets.map((path) =>
        postJson(port, '/general/setDownloadFolder', { path }).catch(() => undefined),
      );
      await new Promise((resolve) => setTimeout(resolve, 20 + round * 15));
      started.child.kill('SIGKILL');
      await started.exit;
      await Promise.all(changes);
      const text = await readFile(join(configDir, 'settings.json'), 'utf8').catch(() => '{}');
      expect(() => JSON.parse(text), text).not.toThrow();
    }
  });

  it.runIf(process.platform === 'linux')(
    'with peer-to-peer off (the default) listens on its loopback port and nothing else, even while downloading',
    async () => {
      const work = await processes.folder('peers');
      const source = join(work, 'package.bin');
      await writeRandomFile(source, 4 * 1024 * 1024);
      const seed = new DownloadsHost(join(work, 'host'));
      await seed.start();
      try {
        const published = await seed.publish(source, 'package.bin');
        const port = await freePort();
        const started = await runBin({
          HELPER_PORTS: String(port),
          HELPER_DOWNLOADS_HOSTS: seed.url('/dl'),
          HELPER_PACKAGE_KEY: seed.publicKeyText,
        });
        await waitFor(() => started.output().includes('helper listening on'), 'the listening line');
        const pid = started.child.pid ?? 0;
        // The API alone: webtorrent's peer listener is a local socket, DHT and trackers are off.
        expect(await ownListeningSockets(pid)).toEqual([{ protocol: 'tcp', port }]);

        const added = await postJson(port, '/downloads/add', {
          url: published.torrentUrl,
          soft: 'Tool',
        });
        expect(added.status, added.text).toBe(200);
        await waitFor(() => seed.bytesSent > 0, 'the first bytes from the web seed');
        expect(await ownListeningSockets(pid)).toEqual([{ protocol: 'tcp', port }]);
        started.child.kill('SIGTERM');
        expect(await started.exit).toBe(0);
      } finally {
        await seed.close();
      }
    },
  );
});
