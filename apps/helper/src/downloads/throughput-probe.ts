import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import createTorrent from 'create-torrent';
import { DownloadManager } from './download-manager.ts';
import { startRangeFileServer } from './range-file-server.ts';

export interface ThroughputProbeOptions {
  sizeMb: number;
  /** Piece size of the probe's torrent; the downloads host should use the same. */
  pieceKb?: number;
  /** Plain and helper downloads alternate this many times; the best of each counts. */
  rounds?: number;
}

export interface ThroughputProbeResult {
  /** MB/s (10^6 bytes) through the download manager, from add to verified completion. */
  helperMBps: number;
  /** MB/s of one plain HTTP GET of the same file to disk, the baseline. */
  plainMBps: number;
  /** helperMBps / plainMBps */
  ratio: number;
  /** Peak resident memory of the process running the download manager, in MiB. */
  rssMb: number;
  /** CPU seconds each client spent on the package: unlike speed, barely moved by a busy machine. */
  helperCpuSeconds: number;
  plainCpuSeconds: number;
}

const CHILD_FLAG = '--throughput-probe-child';
const run = promisify(execFile);

/**
 * Downloads one package of `sizeMb` from a loopback web seed twice in the same run: with a plain
 * HTTP GET, then through the download manager (BitTorrent pieces over HTTP ranges, each hashed).
 * Each client runs in its own process, as the helper does, so the web seed has this one to itself
 * and the memory figure is the download manager's alone.
 */
export async function runThroughputProbe(options: ThroughputProbeOptions): Promise<ThroughputProbeResult> {
  const work = await mkdtemp(join(tmpdir(), 'benchside-throughput-'));
  try {
    const source = join(work, 'package.bin');
    const size = options.sizeMb * 1024 * 1024;
    await writeRandomFile(source, size);
    const server = await startRangeFileServer({ files: { '/package.bin': source } });
    try {
      const url = server.url('/package.bin');
      const torrentPath = join(work, 'package.torrent');
      await writeFile(torrentPath, await createTorrentFile(source, url, (options.pieceKb ?? 1024) * 1024));

      // Alternating rounds, best of each: a busy machine slows single runs at random.
      let plainSeconds = Number.POSITIVE_INFINITY;
      let helperSeconds = Number.POSITIVE_INFINITY;
      let rssMb = 0;
      let helperCpuSeconds = Number.POSITIVE_INFINITY;
      let plainCpuSeconds = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < (options.rounds ?? 3); attempt++) {
        const plain = await runChild(['plain', url, join(work, `plain-${attempt}.bin`)]);
        const helper = await runChild([
          'helper',
          torrentPath,
          join(work, `downloads-${attempt}`),
          join(work, `state-${attempt}`),
        ]);
        plainSeconds = Math.min(plainSeconds, plain.seconds);
        helperSeconds = Math.min(helperSeconds, helper.seconds);
        rssMb = Math.max(rssMb, helper.peakRssMb);
        helperCpuSeconds = Math.min(helperCpuSeconds, helper.cpuSeconds);
        plainCpuSeconds = Math.min(plainCpuSeconds, plain.cpuSeconds);
        await rm(join(work, `plain-${attempt}.bin`));
        await rm(join(work, `downloads-${attempt}`), { recursive: true });
      }
      const helperMBps = size / 1e6 / helperSeconds;
      const plainMBps = size / 1e6 / plainSeconds;
      return {
        helperMBps: round(helperMBps),
        plainMBps: round(plainMBps),
        ratio: round(helperMBps / plainMBps),
        rssMb: round(rssMb),
        helperCpuSeconds: round(helperCpuSeconds),
        plainCpuSeconds: round(plainCpuSeconds),
      };
    } finally {
      await server.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

interface ChildResult {
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
}

async function runChild(args: string[]): Promise<ChildResult> {
  const { stdout } = await run(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), CHILD_FLAG, ...args],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as ChildResult;
}

async function plainDownload(url: string, destination: string): Promise<ChildResult> {
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const response = await fetch(url);
  if (!response.ok || response.body === null)
    throw new Error(`Plain download failed: HTTP ${response.status}`);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(destination));
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: cpuSecondsSince(cpuAtStart),
    peakRssMb: process.memoryUsage.rss() / 1024 / 1024,
  };
}

async function helperDownload(
  torrentPath: string,
  downloadFolder: string,
  stateDir: string,
): Promise<ChildResult> {
  await mkdir(downloadFolder, { recursive: true });
  const torrent = await readFile(torrentPath);
  const manager = await DownloadManager.open({ stateDir, downloadFolder: () => downloadFolder });
  let peakRss = process.memoryUsage.rss();
  try {
    const started = performance.now();
    const cpuAtStart = process.cpuUsage();
    const { hash } = await manager.add({ torrent, soft: 'probe', path: '' });
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
        const item = manager.list().find((candidate) => candidate.hash === hash);
        if (item?.state !== 'done' && item?.state !== 'error') return;
        clearInterval(poll);
        if (item.state === 'done') resolve();
        else reject(new Error(`Helper download failed: ${item.error}`));
      }, 20);
    });
    return {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuSecondsSince(cpuAtStart),
      peakRssMb: peakRss / 1024 / 1024,
    };
  } finally {
    await manager.close();
  }
}

async function writeRandomFile(path: string, size: number): Promise<void> {
  const chunk = 1024 * 1024;
  async function* chunks() {
    for (let written = 0; written < size; written += chunk)
      yield randomBytes(Math.min(chunk, size - written));
  }
  await pipeline(Readable.from(chunks()), createWriteStream(path));
}

function createTorrentFile(path: string, webSeedUrl: string, pieceLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    createTorrent(path, { pieceLength, urlList: [webSeedUrl], announceList: [] }, (error, torrent) =>
      error ? reject(error) : resolve(torrent),
    );
  });
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [, , first, mode, ...args] = process.argv;
  if (first === CHILD_FLAG) {
    const [a = '', b = '', c = ''] = args;
    const result = mode === 'plain' ? await plainDownload(a, b) : await helperDownload(a, b, c);
    process.stdout.write(JSON.stringify(result));
  } else {
    // Usage: tsx throughput-probe.ts [sizeMb=256] [pieceKb=1024]
    const sizeMb = Number(first ?? 256);
    const pieceKb = mode === undefined ? undefined : Number(mode);
    console.log(JSON.stringify(await runThroughputProbe({ sizeMb, ...(pieceKb ? { pieceKb } : {}) })));
  }
}
