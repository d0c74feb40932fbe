import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import {
  createObjectStorage,
  InvalidStorageKeyError,
  type ObjectStorage,
  readSmallObject,
  type StorageOperation,
} from './object-storage.ts';
import { type S3TestServer, startS3TestServer } from './s3-test-server.ts';

const MiB = 1024 * 1024;

interface Opened {
  storage: ObjectStorage;
  close(): Promise<void>;
}

/** The same suite runs against each implementation: what the servers rely on is the contract. */
const IMPLEMENTATIONS: [string, () => Promise<Opened>][] = [
  [
    'the local folder',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'benchside-storage-'));
      return { storage: createLocalStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const server = await startS3TestServer();
      const config = loadConfig({ BENCHSIDE_DEMO: '1', ...server.env });
      return { storage: await createObjectStorage(config), close: server.close };
    },
  ],
];

function chunksOf(...parts: string[]): Readable {
  return Readable.from(parts.map((part) => Buffer.from(part)));
}

/**
 * `mebibytes` of varied bytes in 64 KiB chunks, what file and HTTP streams deliver, generated as
 * they are read; a fresh chunk each time, since the store may still hold the previous one.
 */
function* generated(mebibytes: number, hash: ReturnType<typeof createHash>) {
  const chunkSize = 64 * 1024;
  for (let index = 0; index < (mebibytes * MiB) / chunkSize; index += 1) {
    const chunk = Buffer.alloc(chunkSize, index % 251);
    chunk.writeUInt32BE(index, 0);
    hash.update(chunk);
    yield chunk;
  }
}

/** Peak RSS growth while `run` works, sampled often enough to see a buffered object. */
async function peakMemoryGrowth(run: () => Promise<void>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

describe.each(IMPLEMENTATIONS)('object storage: %s', (_name, open) => {
  let opened: Opened;
  let storage: ObjectStorage;

  beforeAll(async () => {
    opened = await open();
    storage = opened.storage;
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('is reachable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('stores a streamed object and gives it back whole, with its size and date', async () => {
    const before = Date.now();
    expect(
      await storage.put('catalogue/packages/whole.bin', chunksOf('hello ', 'object ', 'storage')),
    ).toEqual({
      size: 20,
    });
    const found = await storage.get('catalogue/packages/whole.bin');
    expect(found).toMatchObject({ size: 20, length: 20 });
    expect((await buffer(found?.body ?? Readable.from([]))).toString()).toBe('hello object storage');
    const info = await storage.stat('catalogue/packages/whole.bin');
    expect(info?.size).toBe(20);
    // Whole seconds: S3 dates have no milliseconds.
    expect(info?.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(await readSmallObject(storage, 'catalogue/packages/whole.bin')).toEqual(
      Buffer.from('hello object storage'),
    );
  });

  it('gives back a byte range with the whole size', async () => {
    await storage.put('catalogue/packages/range.bin', chunksOf('0123456789'));
    const found = await storage.get('catalogue/packages/range.bin', { start: 2, end: 5 });
    expect(found).toMatchObject({ size: 10, length: 4 });
    expect((await buffer(found?.body ?? Readable.from([]))).toString()).toBe('2345');
    const last = await storage.get('catalogue/packages/range.bin', { start: 9, end: 9 });
    expect((await buffer(last?.body ?? Readable.from([]))).toString()).toBe('9');
  });

  it('refuses a range outside the object', async () => {
    await storage.put('catalogue/packages/short.bin', chunksOf('abc'));
    await expect(storage.get('catalogue/packages/short.bin', { start: 1, end: 3 })).rejects.toThrow();
  });

  it('stores and gives back an empty object', async () => {
    expect(await storage.put('attachments/empty', Readable.from([]))).toEqual({ size: 0 });
    const found = await storage.get('attachments/empty');
    expect(found).toMatchObject({ size: 0, length: 0 });
    expect((await buffer(found?.body ?? Readable.from(['x']))).length).toBe(0);
  });

  it('answers null for what is not there', async () => {
    expect(await storage.get('attachments/00000000000000000000000000000000')).toBeNull();
    expect(await storage.get('catalogue/packages/missing.bin', { start: 0, end: 0 })).toBeNull();
    expect(await storage.stat('helper-installer/missing.tgz')).toBeNull();
    expect(await readSmallObject(storage, 'catalogue/manifests/missing.json')).toBeNull();
  });

  it('replaces an object put again under the same key', async () => {
    await storage.put('catalogue/torrents/same.torrent', chunksOf('first version, longer'));
    await storage.put('catalogue/torrents/same.torrent', chunksOf('second'));
    expect(await readSmallObject(storage, 'catalogue/torrents/same.torrent')).toEqual(Buffer.from('second'));
    expect((await storage.stat('catalogue/torrents/same.torrent'))?.size).toBe(6);
  });

  it('deletes an object, and deleting one that is gone is no error', async () => {
    await storage.put('attachments/0123456789abcdef0123456789abcdef', chunksOf('bye'));
    await storage.delete('attachments/0123456789abcdef0123456789abcdef');
    expect(await storage.stat('attachments/0123456789abcdef0123456789abcdef')).toBeNull();
    await expect(storage.delete('attachments/0123456789abcdef0123456789abcdef')).resolves.toBeUndefined();
  });

  it('keeps nothing of a body that fails part-way', async () => {
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error('the client went away');
    }
    await expect(storage.put('catalogue/packages/broken.bin', failing())).rejects.toThrow(
      'the client went away',
    );
    expect(await storage.stat('catalogue/packages/broken.bin')).toBeNull();
  });

  it.each([
    '',
    'attachments',
    'attachments/',
    '/attachments/abc',
    'attachments//abc',
    'attachments/../pg/PG_VERSION',
    'attachments/.hidden',
    'attachments/a b',
    'pg/PG_VERSION',
    'package-signing-key.pem',
    'catalogue/packages/x\\y',
    'catalogue/a/b/c/d',
    `catalogue/packages/${'a'.repeat(256)}`,
  ])('refuses the key %j before touching anything', async (key) => {
    await expect(storage.put(key, chunksOf('x'))).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.stat(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('streams a 256 MiB object in and out with flat memory', { timeout: 180_000 }, async () => {
    const written = createHash('sha256');
    const read = createHash('sha256');
    let readBytes = 0;
    // The first transfer grows the heap to its working size (the SDK's lazily loaded parts, its
    // sockets, V8's spaces); flat means a transfer 16 times larger adds little on top.
    await storage.put('catalogue/packages/warm-up.bin', Readable.from(generated(16, createHash('sha256'))));
    const growth = await peakMemoryGrowth(async () => {
      expect(
        await storage.put('catalogue/packages/large.bin', Readable.from(generated(256, written))),
      ).toEqual({
        size: 256 * MiB,
      });
      const found = await storage.get('catalogue/packages/large.bin');
      for await (const chunk of found?.body ?? []) {
        read.update(chunk as Buffer);
        readBytes += (chunk as Buffer).length;
      }
    });
    expect(readBytes).toBe(256 * MiB);
    expect(read.digest('hex')).toBe(written.digest('hex'));
    expect(growth).toBeLessThan(64 * MiB);
    await storage.delete('catalogue/packages/large.bin');
    await storage.delete('catalogue/packages/warm-up.bin');
  });
});

describe('object storage: the local folder on disk', () => {
  it('keeps the layout under DATA_DIR, files for the server alone, no temporary file left', async () => {
    const root = await mkdtemp(join(tmpdir(), 'benchside-storage-layout-'));
    try {
      const storage = createLocalStorage(root);
      await storage.put('attachments/0123456789abcdef0123456789abcdef', chunksOf('x'));
      await storage.put('catalogue/torrents/fw.bin.torrent', chunksOf('t'));
      expect(await readdir(join(root, 'attachments'))).toEqual(['0123456789abcdef0123456789abcdef']);
      expect(await readdir(join(root, 'catalogue', 'torrents'))).toEqual(['fw.bin.torrent']);
      expect((await stat(join(root, 'attachments'))).mode & 0o777).toBe(0o700);
      expect((await stat(join(root, 'attachments', '0123456789abcdef0123456789abcdef'))).mode & 0o777).toBe(
        0o600,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('object storage: configuration', () => {
  let server: S3TestServer;

  beforeAll(async () => {
    server = await startS3TestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('is the folder under DATA_DIR unless S3_BUCKET is set', async () => {
    const dataDir = join(tmpdir(), 'benchside-storage-config');
    expect((await createObjectStorage(loadConfig({ BENCHSIDE_DEMO: '1', DATA_DIR: dataDir }))).location).toBe(
      dataDir,
    );
    expect((await createObjectStorage(loadConfig({ BENCHSIDE_DEMO: '1', ...server.env }))).location).toBe(
      's3://benchside-test',
    );
  });

  it('fails its check, and tells onError, when the bucket cannot be reached', async () => {
    const failures: StorageOperation[] = [];
    const storage = await createObjectStorage(
      loadConfig({ BENCHSIDE_DEMO: '1', ...server.env, S3_BUCKET: 'no-such-bucket' }),
      { onError: (operation) => failures.push(operation) },
    );
    await expect(storage.check()).rejects.toThrow();
    await expect(storage.get('helper-installer/benchside-helper.tgz')).rejects.toThrow();
    expect(failures).toEqual(['check', 'get']);
  });

  it('does not count a missing object as a failure', async () => {
    const failures: StorageOperation[] = [];
    const storage = await createObjectStorage(loadConfig({ BENCHSIDE_DEMO: '1', ...server.env }), {
      onError: (operation) => failures.push(operation),
    });
    expect(await storage.get('attachments/ffffffffffffffffffffffffffffffff')).toBeNull();
    expect(failures).toEqual([]);
  });
});
