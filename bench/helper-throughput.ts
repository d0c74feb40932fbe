import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { packagePublicKeyText, signPackageManifest } from '@benchside/server/package-signing';
import createTorrent from 'create-torrent';
import parseTorrent from 'parse-torrent';
import { extract } from 'tar';
import { packHelper } from '../apps/helper/scripts/pack.ts';
import { sha256OfFile } from '../apps/helper/src/downloads/package-hash.ts';
import { startRangeFileServer } from '../apps/helper/test/range-file-server.ts';
import { freePort, startChild, waitUntil } from './processes.ts';

const run = promisify(execFile);

export type HelperThroughputResult = {
  sizeMiB: number;
  pieceKiB: number;
  rounds: number;
  /** MB/s (10^6 bytes), median round: from `/downloads/add` to the list saying done, every piece verified. */
  helperMBps: number;
  /** MB/s of one plain HTTP GET of the same file to disk, median round, in its own process. */
  plainMBps: number;
  /** The median of each round's helper / plain, the two measured back to back in that round. */
  ratio: number;
  /** Each round's helper / plain, in the order run. */
  roundRatios: number[];
  /** CPU seconds each client spent on the package, least of the rounds: barely moved by a busy machine. */
  helperCpuSeconds: number;
  plainCpuSeconds: number;
  /** The helper process's peak resident memory over every round (VmHWM), MiB. */
  helperPeakRssMiB: number;
  /** Its resident memory once started, before any download, MiB. */
  helperIdleRssMiB: number;
};

const SIZE_MIB = 256;
const PIECE_KIB = 1024;
// Issue 20: the median of five rounds, each a plain GET and then the helper's download.
const ROUNDS = 5;
const MIB = 1024 * 1024;
// USER_HZ, 100 on every Linux build that matters.
const CLOCK_TICKS_PER_SECOND = 100;

// The baseline: fetch streamed to a file, timed inside its own process as the helper's download is.
const PLAIN_CLIENT = `
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
const [url, destination] = process.argv.slice(1);
const started = performance.now();
const response = await fetch(url);
if (!response.ok || !response.body) throw new Error('HTTP ' + response.status);
await pipeline(Readable.fromWeb(response.body), createWriteStream(destination));
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
`;

/** One plain HTTP GET of `url` streamed to `destination`, by a client process of its own. */
export async function plainGet(
  url: string,
  destination: string,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    PLAIN_CLIENT,
    url,
    destination,
  ]);
  return JSON.parse(stdout) as { seconds: number; cpuSeconds: number };
}

/**
 * Issue 4 "Proof and speed": a 256 MiB package with 1 MiB pieces from a loopback web seed, fetched
 * through the helper as it is shipped (the installer bundle, driven over its HTTP API) and with a
 * plain HTTP GET, alternating, in the same run.
 */
export async function measureHelperThroughput(): Promise<HelperThroughputResult> {
  const work = await mkdtemp(join(tmpdir(), 'benchside-helper-bench-'));
  try {
    await packHelperInto(work);
    const source = join(work, 'package.bin');
    await writeRandomFile(source, SIZE_MIB * MIB);
    const torrentFile = join(work, 'package.torrent');
    const manifestFile = join(work, 'package.manifest.json');
    const seed = await startRangeFileServer({
      files: {
        '/dl/package.bin': source,
        '/dl/package.torrent': torrentFile,
        '/dl/manifest/package.bin': manifestFile,
      },
    });
    try {
      const torrent = await torrentOf(source, seed.url('/dl/package.bin'));
      await writeFile(torrentFile, torrent);
      // The helper downloads only what a publishing key it trusts signed.
      const keys = generateKeyPairSync('ed25519');
      const signed = signPackageManifest(
        {
          name: 'package.bin',
          size: SIZE_MIB * MIB,
          sha256: await sha256OfFile(source),
          infoHash: (await parseTorrent(torrent)).infoHash,
          kind: 'file',
          soft: null,
          version: null,
          publishedAt: new Date().toISOString(),
        },
        keys.privateKey,
      );
      await writeFile(manifestFile, JSON.stringify(signed));
      const port = await freePort();
      const helper = startChild(
        process.execPath,
        [join(work, 'package', 'bin', 'benchside-helper.js')],
        {
          PATH: process.env.PATH,
          HOME: work,
          HELPER_PORTS: String(port),
          HELPER_CONFIG_DIR: join(work, 'config'),
          HELPER_DOWNLOADS_HOSTS: seed.url('/dl'),
          HELPER_PACKAGE_KEY: packagePublicKeyText(keys.publicKey),
          HELPER_READERS: 'simulated',
          VENDOR_CARD_MASTER_KEY: '5e'.repeat(32),
          LOG_LEVEL: 'warn',
        },
        work,
      );
      try {
        const call = async (path: string, body: unknown = {}) => {
          const response = await fetch(`http://127.0.0.1:${port}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
          return response.json() as Promise<unknown>;
        };
        await waitUntil(async () => (await call('/general/ping')) !== null, 'the helper', 30_000);
        await mkdir(join(work, 'downloads'));
        await call('/general/setDownloadFolder', { path: join(work, 'downloads') });
        const pid = helper.process.pid ?? 0;
        const helperIdleRssMiB = await memoryOf(pid, 'VmRSS');

        const plainSeconds: number[] = [];
        const helperSeconds: number[] = [];
        let plainCpuSeconds = Number.POSITIVE_INFINITY;
        let helperCpuSeconds = Number.POSITIVE_INFINITY;
        for (let round = 0; round < ROUNDS; round++) {
          const destination = join(work, `plain-${round}.bin`);
          const plain = await plainGet(seed.url('/dl/package.bin'), destination);
          plainSeconds.push(plain.seconds);
          plainCpuSeconds = Math.min(plainCpuSeconds, plain.cpuSeconds);
          await rm(destination);

          const started = performance.now();
          const cpuAtStart = await cpuSecondsOf(pid);
          const added = (await call('/downloads/add', {
            url: seed.url('/dl/package.torrent'),
            soft: 'bench',
            path: `round-${round}`,
          })) as { hash: string };
          await waitForDone(
            () => call('/downloads/list') as Promise<{ hash: string; state: string }[]>,
            added.hash,
          );
          helperSeconds.push((performance.now() - started) / 1000);
          helperCpuSeconds = Math.min(helperCpuSeconds, (await cpuSecondsOf(pid)) - cpuAtStart);
          await call('/downloads/remove', { hash: added.hash, withData: true });
        }
        const megabytes = (SIZE_MIB * MIB) / 1e6;
        const roundRatios = helperSeconds.map((seconds, round) => (plainSeconds[round] ?? 0) / seconds);
        return {
          sizeMiB: SIZE_MIB,
          pieceKiB: PIECE_KIB,
          rounds: ROUNDS,
          helperMBps: round2(megabytes / median(helperSeconds)),
          plainMBps: round2(megabytes / median(plainSeconds)),
          ratio: round2(median(roundRatios)),
          roundRatios: roundRatios.map(round2),
          helperCpuSeconds: round2(helperCpuSeconds),
          plainCpuSeconds: round2(plainCpuSeconds),
          helperPeakRssMiB: round2(await memoryOf(pid, 'VmHWM')),
          helperIdleRssMiB: round2(helperIdleRssMiB),
        };
      } finally {
        await helper.stop();
      }
    } finally {
      await seed.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function packHelperInto(folder: string): Promise<void> {
  const { path } = await packHelper();
  await extract({ file: path, cwd: folder });
}

async function waitForDone(
  list: () => Promise<{ hash: string; state: string; error?: string }[]>,
  hash: string,
): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    const item = (await list()).find((candidate) => candidate.hash === hash);
    if (item?.state === 'done') return;
    if (item?.state === 'error') throw new Error(`The helper's download failed: ${item.error}`);
    // Polled often: the figure must not carry the poll's delay.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The helper did not finish the download in 5 minutes');
}

/** A memory line of /proc/<pid>/status (Linux), in MiB. */
export async function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (kib === undefined) throw new Error(`No ${field} in /proc/${pid}/status`);
  return Number(kib) / 1024;
}

/** User and system CPU time of a process so far, from /proc/<pid>/stat (Linux). */
async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

export async function writeRandomFile(path: string, size: number): Promise<void> {
  async function* chunks() {
    for (let written = 0; written < size; written += MIB) yield randomBytes(Math.min(MIB, size - written));
  }
  await pipeline(Readable.from(chunks()), createWriteStream(path));
}

function torrentOf(path: string, webSeedUrl: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    createTorrent(
      path,
      { pieceLength: PIECE_KIB * 1024, urlList: [webSeedUrl], announceList: [] },
      (error, torrent) => (error ? reject(error) : resolve(torrent)),
    ),
  );
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
