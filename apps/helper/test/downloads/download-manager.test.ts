import { copyFile, mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadManager, type DownloadManagerOptions } from '../../src/downloads/download-manager.ts';
import { DOWNLOADS_FILE_NAME } from '../../src/downloads/download-state.ts';
import { type RangeFileServer, startRangeFileServer } from '../range-file-server.ts';
import { makeTempDir } from '../support.ts';
import {
  bencode,
  loopbackWebSeedsOnly,
  ownListeningSockets,
  PIECE_LENGTH,
  torrentFor,
  waitFor,
  writeRandomFile,
} from './fixtures.ts';

const MB = 1024 * 1024;

describe('DownloadManager', { timeout: 30_000 }, () => {
  let work: string;
  let stateDir: string;
  let downloadFolder: string;
  const managers: DownloadManager[] = [];
  const servers: RangeFileServer[] = [];

  beforeEach(async () => {
    work = await makeTempDir('downloads');
    stateDir = join(work, 'config');
    downloadFolder = join(work, 'Downloads');
  });

  afterEach(async () => {
    for (const manager of managers.splice(0)) await manager.close();
    for (const server of servers.splice(0)) await server.close();
    await rm(work, { recursive: true, force: true });
  });

  async function openManager(options: Partial<DownloadManagerOptions> = {}): Promise<DownloadManager> {
    const manager = await DownloadManager.open({
      stateDir,
      downloadFolder: () => downloadFolder,
      webSeedAllowed: loopbackWebSeedsOnly,
      ...options,
    });
    managers.push(manager);
    return manager;
  }

  /** A package of `size` random bytes, its web seed on loopback, and the .torrent pointing at it. */
  async function publish(size: number, options: { bytesPerSecond?: number; name?: string } = {}) {
    const name = options.name ?? 'tool-package.bin';
    const source = join(work, `published-${name}`);
    const content = await writeRandomFile(source, size);
    const files: Record<string, string> = { [`/seed/${name}`]: source };
    const server = await startRangeFileServer({ files, ...options });
    servers.push(server);
    const torrent = await torrentFor(source, server.url(`/seed/${name}`), name);
    return { name, source, content, server, torrent, files };
  }

  function itemOf(manager: DownloadManager, hash: string) {
    const item = manager.list().find((candidate) => candidate.hash === hash);
    if (!item) throw new Error(`${hash} is not in the list`);
    return item;
  }

  it('downloads a package from its web seed to the byte', async () => {
    const published = await publish(4 * MB);
    const manager = await openManager();

    const added = await manager.add({ torrent: published.torrent, soft: 'Unlock Tool', path: 'unlock-tool' });
    expect(added).toMatchObject({ name: published.name, soft: 'Unlock Tool', size: 4 * MB });
    expect(added.path).toBe(join(downloadFolder, 'unlock-tool'));
    await waitFor(() => itemOf(manager, added.hash).state === 'done', 20_000, 'the download to finish');

    expect(itemOf(manager, added.hash)).toMatchObject({
      progress: 1,
      downloaded: 4 * MB,
      eta: 0,
      downloadSpeed: 0,
    });
    const written = await readFile(join(downloadFolder, 'unlock-tool', published.name));
    expect(written.equals(published.content)).toBe(true);
    expect(manager.get(added.hash).files).toEqual([join(downloadFolder, 'unlock-tool', published.name)]);
    expect(manager.list('Unlock Tool')).toHaveLength(1);
    expect(manager.list('Other Tool')).toHaveLength(0);
  });

  it('opens no network port of its own while downloading', async () => {
    const published = await publish(4 * MB, { bytesPerSecond: 512 * 1024 });
    const before = await ownListeningSockets();
    const manager = await openManager();
    const { hash } = await manager.add({ torrent: published.torrent, soft: 'Tool', path: '' });
    await waitFor(() => itemOf(manager, hash).downloaded > 0, 10_000, 'the first bytes');

    // The only listener is the test's own web seed, which was there before the manager started.
    expect(await ownListeningSockets()).toEqual(before);

    // The same check sees a listener on all interfaces, as webtorrent opens by default.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, resolve));
    const { port } = probe.address() as AddressInfo;
    expect(await ownListeningSockets()).toContainEqual({ protocol: 'tcp6', port });
    await new Promise((resolve) => probe.close(resolve));
  });

  it('fetches a package in one range request, not one a piece (decision 152)', async () => {
    const published = await publish(4 * MB);
    const manager = await openManager();
    const { hash } = await manager.add({ torrent: published.torrent, soft: 'Tool', path: '' });
    await waitFor(() => itemOf(manager, hash).state === 'done', 20_000, 'the download to finish');

    expect(published.server.requests).toEqual([
      { path: `/seed/${published.name}`, range: `bytes=0-${4 * MB - 1}` },
    ]);
    expect(published.server.bytesSent).toBe(4 * MB);
  });

  it('leaves a web seed that answers another range than asked for, and takes the next one', async () => {
    const published = await publish(1 * MB);
    const hostile = (request: IncomingMessage, response: ServerResponse) => {
      // As many bytes as asked for, one byte further on: a broken mirror, or a proxy that shifts ranges.
      const [start, end] = rangeOf(request);
      response
        .writeHead(206, { 'content-range': `bytes ${start + 1}-${end + 1}/${1 * MB + 1}` })
        .end(Buffer.alloc(end - start + 1));
    };
    await withLoopbackServer(hostile, async (origin) => {
      const torrent = await torrentFor(published.source, `${origin}/package`, published.name);
      const manager = await openManager();
      const { hash } = await manager.add({ torrent, soft: 'Tool', path: '' });
      await manager.addWebSeeds(hash, [published.server.url(`/seed/${published.name}`)]);
      await waitFor(() => itemOf(manager, hash).state === 'done', 20_000, 'the download to finish');
      expect((await readFile(join(downloadFolder, published.name))).equals(published.content)).toBe(true);
    });
  });

  it('takes a connection lost mid-way up again from the first piece it did not verify', async () => {
    const published = await publish(8 * PIECE_LENGTH);
    const ranges: (string | undefined)[] = [];
    const flaky = (request: IncomingMessage, response: ServerResponse) => {
      ranges.push(request.headers.range);
      const [start, end] = rangeOf(request);
      const body = published.content.subarray(start, end + 1);
      response.writeHead(206, {
        'content-range': `bytes ${start}-${end}/${published.content.length}`,
        'content-length': String(body.length),
      });
      // The first answer breaks off half-way through the fourth piece.
      if (ranges.length === 1) response.write(body.subarray(0, 3.5 * PIECE_LENGTH), () => response.destroy());
      else response.end(body);
    };
    await withLoopbackServer(flaky, async (origin) => {
      const torrent = await torrentFor(published.source, `${origin}/package`, published.name);
      const manager = await openManager();
      const { hash } = await manager.add({ torrent, soft: 'Tool', path: '' });
      await waitFor(() => itemOf(manager, hash).state === 'done', 20_000, 'the download to finish');
      expect((await readFile(join(downloadFolder, published.name))).equals(published.content)).toBe(true);
      expect(ranges).toEqual([
        `bytes=0-${8 * PIECE_LENGTH - 1}`,
        `bytes=${3 * PIECE_LENGTH}-${8 * PIECE_LENGTH - 1}`,
      ]);
    });
  });

  it('refuses a torrent whose piece hashes do not cover its data, or whose pieces are too large to hold', async () => {
    const manager = await openManager();
    const threePiecesOneHash = bencode({
      info: {
        name: 'short.bin',
        'piece length': PIECE_LENGTH,
        length: 3 * PIECE_LENGTH,
        pieces: Buffer.alloc(20),
      },
    });
    await expect(manager.add({ torrent: threePiecesOneHash, soft: 'T', path: '' })).rejects.toMatchObject({
      statusCode: 400,
      message: `The torrent lists 1 piece hashes for ${3 * PIECE_LENGTH} bytes`,
    });
    const hugePiece = bencode({
      info: { name: 'huge.bin', 'piece length': 128 * MB, length: 10, pieces: Buffer.alloc(20) },
    });
    await expect(manager.add({ torrent: hugePiece, soft: 'T', path: '' })).rejects.toMatchObject({
      statusCode: 400,
      message: "The torrent's pieces must be at most 64 MiB",
    });
    expect(manager.list()).toEqual([]);
  });

  it('stops web-seed transfers for real and resumes from the verified pieces', async () => {
    // Slow enough per request that a stop lands mid-way: 32 pieces, a few fetched at a time.
    const published = await publish(8 * MB, { bytesPerSecond: 1024 * 1024 });
    const manager = await openManager();
    const { hash } = await manager.add({ torrent: published.torrent, soft: 'Tool', path: 'tool' });
    await waitFor(() => itemOf(manager, hash).progress >= 0.25, 20_000, 'a quarter of the package');

    const stopped = await manager.stop(hash);
    expect(stopped.state).toBe('stopped');
    expect(stopped.downloadSpeed).toBe(0);
    expect(stopped.eta).toBeNull();
    // Requests on the wire are aborted too: at most what socket buffers already held gets through.
    const atStop = published.server.bytesSent;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = published.server.bytesSent;
    expect(settled - atStop).toBeLessThanOrEqual(PIECE_LENGTH);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(published.server.bytesSent).toBe(settled);
    expect(settled).toBeLessThan(8 * MB);
    expect(itemOf(manager, hash).state).toBe('stopped');

    // The stop seen, the rest need not come at the watched pace.
    published.server.setBytesPerSecond(16 * MB);
    await manager.start(hash);
    await waitFor(() => itemOf(manager, hash).state === 'done', 20_000, 'the resumed download to finish');
    const written = await readFile(join(downloadFolder, 'tool', published.name));
    expect(written.equals(published.content)).toBe(true);
    // Pieces verified before the stop were kept; only the aborted ones were fetched again.
    expect(published.server.bytesSent).toBeLessThan(8 * MB + 4 * PIECE_LENGTH + 1);
  });

  it('downloads a multi-file package, each file from its own URL under the web seed', async () => {
    const root = join(work, 'published', 'driver-pack');
    await mkdir(join(root, 'sub'), { recursive: true });
    const first = await writeRandomFile(join(root, 'first.bin'), 600 * 1024);
    const second = await writeRandomFile(join(root, 'sub', 'second.bin'), 900 * 1024);
    const server = await startRangeFileServer({
      files: {
        '/seed/driver-pack/first.bin': join(root, 'first.bin'),
        '/seed/driver-pack/sub/second.bin': join(root, 'sub', 'second.bin'),
      },
    });
    servers.push(server);
    const torrent = await torrentFor(root, server.url('/seed/'));
    const manager = await openManager();

    const { hash } = await manager.add({ torrent, soft: 'Drivers', path: 'drivers' });
    await waitFor(() => itemOf(manager, hash).state === 'done', 20_000, 'the download to finish');

    const folder = join(downloadFolder, 'drivers', 'driver-pack');
    expect((await readFile(join(folder, 'first.bin'))).equals(first)).toBe(true);
    expect((await readFile(join(folder, 'sub', 'second.bin'))).equals(second)).toBe(true);
    // One range a file, the whole of each (decision 152).
    expect(server.requests).toEqual([
      { path: '/seed/driver-pack/first.bin', range: `bytes=0-${600 * 1024 - 1}` },
      { path: '/seed/driver-pack/sub/second.bin', range: `bytes=0-${900 * 1024 - 1}` },
    ]);
    await manager.remove(hash, true);
    expect(await readdir(join(downloadFolder, 'drivers'))).toEqual([]);
  });

  it('writes pieces larger than one write to the byte, a piece that spans two files too', async () => {
    // 1 MiB pieces go to disk in 256 KiB writes (decision 154); the files end inside a write.
    const root = join(work, 'published', 'firmware');
    await mkdir(root, { recursive: true });
    const first = await writeRandomFile(join(root, 'first.bin'), 1_300_000);
    const second = await writeRandomFile(join(root, 'second.bin'), 1_100_000);
    const server = await startRangeFileServer({
      files: {
        '/seed/firmware/first.bin': join(root, 'first.bin'),
        '/seed/firmware/second.bin': join(root, 'second.bin'),
      },
    });
    servers.push(server);
    const torrent = await torrentFor(root, server.url('/seed/'), undefined, MB);
    const manager = await openManager();

    const { hash } = await manager.add({ torrent, soft: 'Firmware', path: 'firmware' });
    await waitFor(() => itemOf(manager, hash).state === 'done', 20_000, 'the download to finish');

    const folder = join(downloadFolder, 'firmware', 'firmware');
    expect((await readFile(join(folder, 'first.bin'))).equals(first)).toBe(true);
    expect((await readFile(join(folder, 'second.bin'))).equals(second)).toBe(true);
  });

  it('follows a web seed that redirects to a mirror', async () => {
    const published = await publish(1 * MB);
    const redirector = (_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(302, { location: published.server.url(`/seed/${published.name}`) }).end();
    };
    await withLoopbackServer(redirector, async (origin) => {
      const torrent = await torrentFor(published.source, `${origin}/package`, published.name);
      const manager = await openManager();
      const { hash } = await manager.add({ torrent, soft: 'Tool', path: '' });
      await waitFor(() => itemOf(manager, hash).state === 'done', 20_000, 'the download to finish');
      expect((await readFile(join(downloadFolder, published.name))).equals(published.content)).toBe(true);
    });
  });

  it('removes a download with its data, or keeps the data when asked', async () => {
    const kept = await publish(1 * MB, { name: 'kept.bin' });
    const deleted = await publish(1 * MB, { name: 'deleted.bin' });
    const manager = await openManager();
    const keep = await manager.add({ torrent: kept.torrent, soft: 'Tool', path: 'pkg' });
    const drop = await manager.add({ torrent: deleted.torrent, soft: 'Tool', path: 'pkg' });
    await waitFor(
      () => manager.list().every((item) => item.state === 'done'),
      20_000,
      'both downloads to finish',
    );

    await manager.remove(keep.hash);
    await manager.remove(drop.hash, true);

    expect(manager.list()).toEqual([]);
    expect(await readdir(join(downloadFolder, 'pkg'))).toEqual(['kept.bin']);
    await expect(manager.stop(drop.hash)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('restores the saved list in a fresh manager and resumes what was running', async () => {
    const finished = await publish(1 * MB, { name: 'finished.bin' });
    const paused = await publish(2 * MB, { name: 'paused.bin', bytesPerSecond: 512 * 1024 });
    const running = await publish(2 * MB, { name: 'running.bin', bytesPerSecond: 512 * 1024 });
    const first = await openManager();
    const done = await first.add({ torrent: finished.torrent, soft: 'A', path: 'a' });
    const stop = await first.add({ torrent: paused.torrent, soft: 'B', path: 'b' });
    const run = await first.add({ torrent: running.torrent, soft: 'B', path: 'b' });
    await waitFor(() => itemOf(first, done.hash).state === 'done', 20_000, 'the first download');
    await waitFor(() => itemOf(first, stop.hash).downloaded > 0, 20_000, 'the second download to start');
    await first.stop(stop.hash);
    const stoppedAt = itemOf(first, stop.hash).downloaded;
    await first.close();
    managers.splice(managers.indexOf(first), 1);

    const second = await openManager();
    expect(second.list().map(({ hash, soft, path }) => ({ hash, soft, path }))).toEqual([
      { hash: done.hash, soft: 'A', path: join(downloadFolder, 'a') },
      { hash: stop.hash, soft: 'B', path: join(downloadFolder, 'b') },
      { hash: run.hash, soft: 'B', path: join(downloadFolder, 'b') },
    ]);
    expect(itemOf(second, done.hash)).toMatchObject({ state: 'done', progress: 1 });
    expect(itemOf(second, stop.hash)).toMatchObject({ state: 'stopped', downloaded: stoppedAt });
    await waitFor(() => itemOf(second, run.hash).state === 'done', 20_000, 'the running download to resume');
    expect((await readFile(join(downloadFolder, 'b', 'running.bin'))).equals(running.content)).toBe(true);
    expect(itemOf(second, stop.hash).state).toBe('stopped');
  });

  it('starts empty with a warning when the saved list is corrupt', async () => {
    const published = await publish(1 * MB);
    const first = await openManager();
    await first.add({ torrent: published.torrent, soft: 'Tool', path: '' });
    await first.close();
    managers.splice(managers.indexOf(first), 1);
    // A torn write as a crash without the atomic rename would leave it.
    const file = join(stateDir, DOWNLOADS_FILE_NAME);
    const handle = await open(file, 'r+');
    await handle.truncate(Math.floor((await stat(file)).size / 2));
    await handle.close();

    const warnings: string[] = [];
    const second = await openManager({ warn: (message) => warnings.push(message) });

    expect(second.list()).toEqual([]);
    expect(warnings.join('\n')).toMatch(/is not valid JSON.*starting with no downloads/);
    expect((await readdir(stateDir)).some((name) => name.startsWith(`${DOWNLOADS_FILE_NAME}.corrupt-`))).toBe(
      true,
    );
  });

  it('never finishes from a web seed that serves wrong bytes, and finishes once the seed is fixed', async () => {
    const published = await publish(2 * MB);
    // The seed now serves a copy with one byte flipped in piece 3.
    const corrupt = join(work, 'corrupt.bin');
    const damaged = Buffer.from(published.content);
    damaged[3 * PIECE_LENGTH + 100] = (damaged[3 * PIECE_LENGTH + 100] ?? 0) ^ 0xff;
    await writeFile(corrupt, damaged);
    published.files[`/seed/${published.name}`] = corrupt;
    const manager = await openManager();
    const { hash } = await manager.add({ torrent: published.torrent, soft: 'Tool', path: '' });

    await waitFor(() => itemOf(manager, hash).state === 'error', 20_000, 'the corruption to be reported');
    const failed = itemOf(manager, hash);
    expect(failed.error).toMatch(/corrupt data: piece 3 failed verification/);
    expect(failed.progress).toBeLessThan(1);
    // The bad piece never reached the disk.
    const onDisk = await readFile(join(downloadFolder, published.name));
    expect(
      onDisk
        .subarray(3 * PIECE_LENGTH, 4 * PIECE_LENGTH)
        .equals(damaged.subarray(3 * PIECE_LENGTH, 4 * PIECE_LENGTH)),
    ).toBe(false);

    await copyFile(published.source, corrupt);
    await manager.start(hash);
    await waitFor(() => itemOf(manager, hash).state === 'done', 20_000, 'the download to finish');
    expect((await readFile(join(downloadFolder, published.name))).equals(published.content)).toBe(true);
  });

  // The .torrent is fetched by PackageSource now (from the downloads host only, with its signed
  // manifest): downloads-routes.test.ts and package-trust.test.ts cover that over HTTP.
  it('adds web seeds later, only where the web-seed rule allows', async () => {
    const published = await publish(1 * MB);
    const manager = await openManager();

    const added = await manager.add({ torrent: published.torrent, soft: 'T', path: 'x' });
    const extended = await manager.addWebSeeds(added.hash, [published.server.url('/mirror/package.bin')]);
    expect(extended.hash).toBe(added.hash);
    await waitFor(() => itemOf(manager, added.hash).state === 'done', 20_000, 'the download to finish');

    await expect(
      manager.add({ torrent: Buffer.from('not a torrent'), soft: 'T', path: 'x' }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(manager.addWebSeeds(added.hash, ['ftp://example.test/x'])).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(manager.addWebSeeds(added.hash, ['http://example.test/x'])).rejects.toMatchObject({
      statusCode: 403,
    });
  });
  it('runs started downloads in queue order, a bounded number at once, and follows a reorder', async () => {
    // Slow seeds: each download takes a few seconds, long enough to reorder the ones waiting.
    const packages = await Promise.all(
      ['first.bin', 'second.bin', 'third.bin'].map((name) =>
        publish(1 * MB, { name, bytesPerSecond: 512 * 1024 }),
      ),
    );
    const manager = await openManager({ maxActive: 1 });
    const hashes: string[] = [];
    for (const published of packages) {
      hashes.push((await manager.add({ torrent: published.torrent, soft: 'Q', path: 'q' })).hash);
    }
    const [first = '', second = '', third = ''] = hashes;
    const finishedInOrder: string[] = [];
    const watch = setInterval(() => {
      for (const item of manager.list()) {
        if (item.state === 'done' && !finishedInOrder.includes(item.hash)) finishedInOrder.push(item.hash);
      }
    }, 20);

    try {
      expect(manager.list().map(({ hash, position }) => ({ hash, position }))).toEqual([
        { hash: first, position: 1 },
        { hash: second, position: 2 },
        { hash: third, position: 3 },
      ]);
      expect(itemOf(manager, second).state).toBe('queued');
      expect(itemOf(manager, third).state).toBe('queued');
      // Nothing is fetched for a queued download.
      expect(packages[1]?.server.bytesSent).toBe(0);
      expect(packages[2]?.server.bytesSent).toBe(0);

      const reordered = await manager.move(third, 'up');
      expect(reordered.map(({ hash }) => hash)).toEqual([first, third, second]);
      // At either end a move changes nothing.
      expect((await manager.move(first, 'up')).map(({ hash }) => hash)).toEqual([first, third, second]);
      expect((await manager.move(second, 'down')).map(({ hash }) => hash)).toEqual([first, third, second]);
      await expect(manager.move('c'.repeat(40), 'up')).rejects.toMatchObject({ statusCode: 404 });

      await waitFor(() => finishedInOrder.length === 3, 25_000, 'every download to finish');
      expect(finishedInOrder).toEqual([first, third, second]);
    } finally {
      clearInterval(watch);
    }
    // The order is the saved list's: a fresh manager shows it too.
    await manager.close();
    managers.splice(managers.indexOf(manager), 1);
    const reopened = await openManager();
    expect(reopened.list().map(({ hash }) => hash)).toEqual([first, third, second]);
  });

  it('gives the slot to a download moved above the running one', async () => {
    const slow = await publish(4 * MB, { name: 'slow.bin', bytesPerSecond: 512 * 1024 });
    const urgent = await publish(1 * MB, { name: 'urgent.bin', bytesPerSecond: 512 * 1024 });
    const manager = await openManager({ maxActive: 1 });
    const running = await manager.add({ torrent: slow.torrent, soft: 'Q', path: '' });
    const waiting = await manager.add({ torrent: urgent.torrent, soft: 'Q', path: '' });
    await waitFor(() => itemOf(manager, running.hash).downloaded > 0, 10_000, 'the first bytes');

    await manager.move(waiting.hash, 'up');

    expect(itemOf(manager, running.hash).state).toBe('queued');
    await waitFor(() => itemOf(manager, waiting.hash).state === 'done', 20_000, 'the moved download');
    slow.server.setBytesPerSecond(16 * MB);
    await waitFor(() => itemOf(manager, running.hash).state === 'done', 30_000, 'the other one after it');
    expect((await readFile(join(downloadFolder, slow.name))).equals(slow.content)).toBe(true);
  });

  it('leaves every download stopped when opened with "pause at startup"', async () => {
    const published = await publish(4 * MB, { bytesPerSecond: 512 * 1024 });
    const first = await openManager();
    const { hash } = await first.add({ torrent: published.torrent, soft: 'P', path: '' });
    await waitFor(() => itemOf(first, hash).downloaded > 0, 10_000, 'the first bytes');
    await first.close();
    managers.splice(managers.indexOf(first), 1);

    const paused = await openManager({ pauseAtStartup: true });
    expect(itemOf(paused, hash).state).toBe('stopped');
    const sent = published.server.bytesSent;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(published.server.bytesSent).toBe(sent);
    // Started by hand, it runs again, no longer at the watched pace.
    published.server.setBytesPerSecond(16 * MB);
    await paused.start(hash);
    await waitFor(() => itemOf(paused, hash).state === 'done', 20_000, 'the started download');
  });
});

/** A loopback HTTP server of the test's own, its origin handed to `use`, closed afterwards. */
async function withLoopbackServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  use: (origin: string) => Promise<void>,
): Promise<void> {
  const server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await use(`http://127.0.0.1:${port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The first and last byte a `Range: bytes=a-b` header asks for. */
function rangeOf(request: IncomingMessage): [number, number] {
  const [, start = '0', end = '0'] = /bytes=(\d+)-(\d+)/.exec(request.headers.range ?? '') ?? [];
  return [Number(start), Number(end)];
}
