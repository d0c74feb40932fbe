import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '@benchside/db/migrate';
import { openDatabase } from '@benchside/db/open-database';
import { loadConfig } from '@benchside/server/config';
import { createServer } from '@benchside/server/create-server';
import { createLocalStorage } from '@benchside/server/storage/local-storage';
import { createObjectStorage, type ObjectStorage } from '@benchside/server/storage/object-storage';
import { startS3TestServer } from '@benchside/server/storage/s3-test-server';
import { DownloadLinkSigner } from '../apps/api/src/catalogue/download-links.ts';
import { registerDownloadsHost } from '../apps/api/src/catalogue/downloads-host.ts';
import { publishPackage, unpublishPackage } from '../apps/api/src/catalogue/publish.ts';
import { catalogueKeys } from '../apps/api/src/catalogue/torrents.ts';
import { memoryOf, plainGet, round2, writeRandomFile } from './helper-throughput.ts';

const SIZE_MIB = 256;
const MIB = 1024 * 1024;
const ROUNDS = 3;
/** The object storage test's bound for "flat memory" (packages/server/src/storage/object-storage.test.ts). */
const RSS_GROWTH_BUDGET_MIB = 64;

/** The median round: MB/s (10^6 bytes) and how far this process's resident memory rose above where it started. */
export type Transfer = { MBps: number; peakRssGrowthMiB: number };

export type StorageBackendResult = {
  storage: string;
  /** `publishPackage` in this process: the stored copy, SHA-256, torrent and manifest. */
  publish: Transfer;
  /** The storage's streamed `get` of the whole package, read to the end here. */
  get: Transfer;
  /** The downloads host (`/dl/<name>`, signed link) in this process, read by a client process of its own. */
  httpGet: Transfer;
};

export type StorageResult = { sizeMiB: number; rounds: number; backends: StorageBackendResult[] };

type Operation = Exclude<keyof StorageBackendResult, 'storage'>;

/**
 * Times `transfer`, which answers the bytes it moved and, when a client process did the moving,
 * that client's own seconds (its start-up is not the transfer's time); and this process's peak
 * resident memory above its level at the start: writing 5 to /proc/self/clear_refs (Linux)
 * resets VmHWM to the present.
 */
async function measured(
  size: number,
  transfer: () => Promise<{ bytes: number; seconds?: number }>,
): Promise<Transfer> {
  const before = await memoryOf(process.pid, 'VmRSS');
  await writeFile('/proc/self/clear_refs', '5');
  const started = performance.now();
  const moved = await transfer();
  const seconds = moved.seconds ?? (performance.now() - started) / 1000;
  const { bytes } = moved;
  if (bytes !== size) throw new Error(`Moved ${bytes} bytes of ${size}`);
  // The collector may free more than the transfer holds: a peak below the start is no growth.
  const peak = await memoryOf(process.pid, 'VmHWM');
  return { MBps: bytes / 1e6 / seconds, peakRssGrowthMiB: Math.max(0, peak - before) };
}

function median(transfers: Transfer[]): Transfer {
  const middle = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return {
    MBps: round2(middle(transfers.map((transfer) => transfer.MBps))),
    peakRssGrowthMiB: round2(middle(transfers.map((transfer) => transfer.peakRssGrowthMiB))),
  };
}

/**
 * Issue 17: a 256 MiB package (generated once) published with `publishPackage` into the local
 * folder and into S3 (s3rver in a process of its own), then read back through the storage's `get`
 * and through the downloads host over HTTP; the two storages alternate, three rounds, median.
 */
export async function measureStorage(sizeMiB = SIZE_MIB): Promise<StorageResult> {
  const work = await mkdtemp(join(tmpdir(), 'benchside-storage-bench-'));
  const s3 = await startS3TestServer();
  const database = await openDatabase({ inMemory: true });
  try {
    const source = join(work, 'package.bin');
    await writeRandomFile(source, sizeMiB * MIB);
    await migrateToLatest(database.db);
    const config = loadConfig({ BENCHSIDE_DEMO: '1', DATA_DIR: work });
    const signer = await DownloadLinkSigner.load(database.db);
    const backends: Array<{
      name: string;
      storage: ObjectStorage;
      host: string;
      close: () => Promise<void>;
    }> = [];
    for (const [name, storage] of [
      ['local folder', createLocalStorage(join(work, 'files'))],
      ['S3 (s3rver)', await createObjectStorage(loadConfig({ BENCHSIDE_DEMO: '1', ...s3.env }))],
    ] as const) {
      const app = createServer({ config, trustedOrigins: [] });
      registerDownloadsHost(app, { config, db: database.db, signer, storage });
      const host = await app.listen({ host: '127.0.0.1', port: 0 });
      backends.push({ name, storage, host: `${host}/dl`, close: () => app.close() });
    }
    try {
      const samples = backends.map(
        () => ({ publish: [], get: [], httpGet: [] }) as Record<Operation, Transfer[]>,
      );
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [index, backend] of backends.entries()) {
          const name = `bench-${index}-${round}.bin`;
          const sample = samples[index] as Record<Operation, Transfer[]>;
          sample.publish.push(
            await measured(sizeMiB * MIB, async () => {
              const published = await publishPackage(
                database.db,
                backend.storage,
                { dataDir: work, packageSigningKey: null },
                { source, kind: 'file', name },
              );
              return { bytes: published.size };
            }),
          );
          sample.get.push(
            await measured(sizeMiB * MIB, async () => {
              const found = await backend.storage.get(catalogueKeys.package(name));
              let bytes = 0;
              for await (const chunk of found?.body ?? []) bytes += (chunk as Buffer).length;
              return { bytes };
            }),
          );
          const downloaded = join(work, 'downloaded.bin');
          const url = signer.signedUrl(backend.host, `/${name}`, new Date(Date.now() + 3_600_000));
          sample.httpGet.push(
            await measured(sizeMiB * MIB, async () => {
              const { seconds } = await plainGet(url, downloaded);
              const { size } = await stat(downloaded);
              await rm(downloaded);
              return { bytes: size, seconds };
            }),
          );
          await unpublishPackage(database.db, backend.storage, name);
        }
      }
      return {
        sizeMiB,
        rounds: ROUNDS,
        backends: backends.map((backend, index) => {
          const sample = samples[index] as Record<Operation, Transfer[]>;
          return {
            storage: backend.name,
            publish: median(sample.publish),
            get: median(sample.get),
            httpGet: median(sample.httpGet),
          };
        }),
      };
    } finally {
      for (const backend of backends) await backend.close();
    }
  } finally {
    await database.close();
    await s3.close();
    await rm(work, { recursive: true, force: true });
  }
}

const OPERATION_LABELS: Record<Operation, string> = {
  publish: 'Publish (publishPackage)',
  get: 'Read (storage get)',
  httpGet: 'Read (downloads host GET)',
};

/** One line of `npm run bench` per operation, the storages side by side. */
export function storageFigures(result: StorageResult) {
  return (Object.keys(OPERATION_LABELS) as Operation[]).map((operation) => {
    const transfers = result.backends.map((backend) => backend[operation]);
    return {
      name: `${OPERATION_LABELS[operation]} ${result.sizeMiB} MiB, ${result.backends.map((backend) => backend.storage).join(' / ')}`,
      value: `${transfers.map((transfer) => transfer.MBps).join(' / ')} MB/s; peak RSS +${transfers.map((transfer) => transfer.peakRssGrowthMiB).join(' / +')} MiB`,
      budget: `MB/s recorded; RSS growth < ${RSS_GROWTH_BUDGET_MIB} MiB`,
      pass: transfers.every((transfer) => transfer.peakRssGrowthMiB < RSS_GROWTH_BUDGET_MIB),
    };
  });
}
