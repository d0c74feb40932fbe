import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase } from '@benchside/db/test-database';
import { createLocalStorage } from '@benchside/server/storage/local-storage';
import { afterAll, describe, expect, it } from 'vitest';
import { listPackages } from '../src/catalogue/publish.ts';
import { seedCatalogue } from '../src/seed/catalogue.ts';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function seededHashes(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'benchside-seed-'));
  folders.push(dataDir);
  const database = await openTestDatabase();
  try {
    await seedCatalogue(database.db, createLocalStorage(dataDir), { dataDir, packageSigningKey: null });
    return (await listPackages(database.db)).map((item) => `${item.name} ${item.infoHash}`);
  } finally {
    await database.close();
  }
}

describe('demo catalogue', () => {
  it('publishes firmwares, tools and files with the same info hashes every time', async () => {
    const first = await seededHashes();
    const second = await seededHashes();
    expect(first.length).toBeGreaterThan(10);
    expect(first.some((line) => line.startsWith('benchside-flash-1.2.0.tar.gz '))).toBe(true);
    expect(second).toEqual(first);
  });
});
