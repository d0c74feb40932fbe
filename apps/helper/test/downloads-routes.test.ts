import { access, chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadItemSchema } from '@benchside/contracts/helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRandomFile } from './downloads/fixtures.ts';
import { DownloadsHost, listDownloads, waitForDownload, waitForFile } from './packages.ts';
import { makeTempDir, postJson, type RunningHelper, startHelper } from './support.ts';

const MB = 1024 * 1024;

describe('/downloads/* over HTTP', { timeout: 30_000 }, () => {
  let work: string;
  let downloadFolder: string;
  let helper: RunningHelper;
  let host: DownloadsHost;

  beforeAll(async () => {
    work = await makeTempDir('download-routes');
    downloadFolder = join(work, 'Downloads');
    // Slow enough to see a download in progress and to stop it half-way.
    await mkdir(downloadFolder);
    host = new DownloadsHost(join(work, 'host'));
    await host.start({ bytesPerSecond: 2 * MB });
    // A desktop-less session, as on a server or in CI.
    helper = await startHelper({ env: { PATH: process.env.PATH ?? '' }, packageTrust: host.trust });
    await postJson(helper.port, '/general/setDownloadFolder', { path: downloadFolder });
  });
  afterAll(async () => {
    await helper.close();
    await host.close();
    await rm(work, { recursive: true, force: true });
  });

  async function publishRandom(name: string, size: number) {
    const file = join(work, name);
    const content = await writeRandomFile(file, size);
    return { content, published: await host.publish(file, name) };
  }

  it('adds a .torrent served over HTTP into the download folder, shows progress, and finishes', async () => {
    const { content, published } = await publishRandom('firmware-pack.bin', 3 * MB);
    const added = await postJson(helper.port, '/downloads/add', {
      url: published.torrentUrl,
      soft: 'Firmware Pack',
    });
    expect(added.status, added.text).toBe(200);
    const item = downloadItemSchema.parse(added.json());
    expect(item).toMatchObject({
      name: 'firmware-pack.bin',
      soft: 'Firmware Pack',
      size: 3 * MB,
      path: downloadFolder,
    });

    const underway = await waitForDownload(
      helper.port,
      item.hash,
      (seen) => seen.progress > 0 && seen.progress < 1,
    );
    expect(underway.state).toBe('downloading');
    const listed = await postJson(helper.port, '/downloads/list', { softName: 'Firmware Pack' });
    const [entry] = listed.json() as unknown[];
    expect(downloadItemSchema.parse(entry).downloadSpeed).toBeGreaterThan(0);
    expect(await listDownloads(helper.port, 'Another Soft')).toEqual([]);

    await waitForDownload(helper.port, item.hash, (seen) => seen.state === 'done');
    expect((await readFile(join(downloadFolder, 'firmware-pack.bin'))).equals(content)).toBe(true);
  });

  it('stops and starts a download, and removes it with its data', async () => {
    const { content, published } = await publishRandom('big-tool.bin', 6 * MB);
    const added = await postJson(helper.port, '/downloads/add', {
      url: published.torrentUrl,
      soft: 'Big Tool',
      path: 'big-tool',
    });
    const { hash } = downloadItemSchema.parse(added.json());
    await waitForDownload(helper.port, hash, (seen) => seen.progress >= 0.2);

    const stopped = await postJson(helper.port, '/downloads/stop', { hash });
    expect(stopped.status).toBe(200);
    expect(stopped.json()).toMatchObject({ state: 'stopped', downloadSpeed: 0, eta: null });
    const progressAtStop = (stopped.json() as { progress: number }).progress;
    expect(progressAtStop).toBeLessThan(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const [still] = await listDownloads(helper.port, 'Big Tool');
    expect(still).toMatchObject({ state: 'stopped' });

    const started = await postJson(helper.port, '/downloads/start', { hash: hash.toUpperCase() });
    expect(started.status).toBe(200);
    await waitForDownload(helper.port, hash, (seen) => seen.state === 'done');
    const file = join(downloadFolder, 'big-tool', 'big-tool.bin');
    expect((await readFile(file)).equals(content)).toBe(true);

    const removed = await postJson(helper.port, '/downloads/remove', { hash, withData: true });
    expect(removed.status).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await listDownloads(helper.port, 'Big Tool')).toEqual([]);
    await expect(access(file)).rejects.toThrow();
  });

  it('stops and starts every download at once, and adds web seeds', async () => {
    const { published } = await publishRandom('all-at-once.bin', 4 * MB);
    const added = await postJson(helper.port, '/downloads/add', { url: published.torrentUrl, soft: 'All' });
    const { hash } = downloadItemSchema.parse(added.json());
    const seeds = await postJson(helper.port, '/downloads/addWebSeeds', {
      hash,
      list: [host.url('/dl/all-at-once.bin')],
    });
    expect(seeds.status).toBe(200);

    const stopAll = await postJson(helper.port, '/downloads/stopAll');
    expect(stopAll.status).toBe(200);
    const states = (stopAll.json() as Array<{ hash: string; state: string }>).filter(
      (seen) => seen.hash === hash,
    );
    expect(states).toEqual([expect.objectContaining({ state: 'stopped' })]);
    const startAll = await postJson(helper.port, '/downloads/startAll');
    expect(startAll.status).toBe(200);
    await waitForDownload(helper.port, hash, (seen) => seen.state === 'done');
  });

  it('answers clear errors for bad adds and unknown downloads', async () => {
    const ftp = await postJson(helper.port, '/downloads/add', {
      url: 'ftp://example.test/a.torrent',
      soft: 'X',
    });
    expect(ftp.status).toBe(400);
    expect(ftp.json()).toMatchObject({
      violations: [{ propertyPath: 'url', message: 'The address must be an http or https URL' }],
    });
    const missing = await postJson(helper.port, '/downloads/add', {
      url: host.url('/dl/none.torrent'),
      soft: 'X',
    });
    expect(missing.status).toBe(502);
    expect(missing.json()).toEqual({ message: 'The torrent file could not be downloaded: HTTP 404' });
    const outside = await postJson(helper.port, '/downloads/add', {
      url: (await publishRandom('outside.bin', 1024)).published.torrentUrl,
      soft: 'X',
      path: '../outside',
    });
    expect(outside.status).toBe(400);
    expect(outside.json()).toMatchObject({ message: expect.stringMatching(/outside the download folder/) });
    for (const path of ['/downloads/start', '/downloads/stop', '/downloads/remove', '/downloads/browse']) {
      const unknown = await postJson(helper.port, path, { hash: 'b'.repeat(40) });
      expect(unknown.status, path).toBe(404);
      expect(unknown.json(), path).toEqual({ message: `There is no download with hash ${'b'.repeat(40)}` });
    }
    const unknownMove = await postJson(helper.port, '/downloads/move', {
      hash: 'b'.repeat(40),
      direction: 'up',
    });
    expect(unknownMove.status).toBe(404);
    const sideways = await postJson(helper.port, '/downloads/move', {
      hash: 'b'.repeat(40),
      direction: 'left',
    });
    expect(sideways.status).toBe(400);
    expect(sideways.json()).toMatchObject({
      violations: [{ propertyPath: 'direction', message: 'The direction must be up or down' }],
    });
  });

  it('says it cannot browse on a machine without a desktop, and opens the folder where there is one', async () => {
    const { published } = await publishRandom('browse-me.bin', 64 * 1024);
    const added = await postJson(helper.port, '/downloads/add', {
      url: published.torrentUrl,
      soft: 'B',
      path: 'b',
    });
    const { hash } = downloadItemSchema.parse(added.json());
    await waitForDownload(helper.port, hash, (seen) => seen.state === 'done');

    const headless = await postJson(helper.port, '/downloads/browse', { hash });
    expect(headless.status).toBe(409);
    expect(headless.json()).toEqual({
      message:
        'File browse error: this computer has no desktop session to show the folder in (neither DISPLAY nor WAYLAND_DISPLAY is set)',
    });

    // A desktop session whose file manager records what it was asked to open.
    const bin = join(work, 'desktop-bin');
    const opened = join(work, 'opened.txt');
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    await chmod(join(bin, 'xdg-open'), 0o755);
    const desktop = await startHelper({
      env: { DISPLAY: ':0', PATH: `${bin}:${process.env.PATH ?? ''}` },
      packageTrust: host.trust,
    });
    try {
      const folder = join(work, 'desktop-downloads');
      await mkdir(folder);
      await postJson(desktop.port, '/general/setDownloadFolder', { path: folder });
      const mine = await postJson(desktop.port, '/downloads/add', {
        url: published.torrentUrl,
        soft: 'B',
        path: 'b',
      });
      expect(mine.status).toBe(200);
      const browsed = await postJson(desktop.port, '/downloads/browse', { hash });
      expect(browsed.status, browsed.text).toBe(200);
      expect(browsed.json()).toEqual({ ok: true });
      await waitForFile(opened);
      expect(await readFile(opened, 'utf8')).toBe(join(folder, 'b'));
    } finally {
      await desktop.close();
    }
  });
});
