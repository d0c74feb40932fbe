import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase } from '@benchside/db/test-database';
import { loadConfig } from '@benchside/server/config';
import { openSignedPackageManifest } from '@benchside/server/package-signing';
import {
  createObjectStorage,
  type ObjectStorage,
  readSmallObject,
} from '@benchside/server/storage/object-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/command.ts';
import { command as resign } from '../src/admin/commands/resign.ts';
import { type PublishedPackage, publishPackage } from '../src/catalogue/publish.ts';
import { loadPackageSigningKey } from '../src/catalogue/signing-key.ts';
import { catalogueKeys } from '../src/catalogue/torrents.ts';

describe('operator commands for the catalogue', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let work: string;
  let dataDir: string;
  let storage: ObjectStorage;

  beforeAll(async () => {
    database = await openTestDatabase();
    work = await mkdtemp(join(tmpdir(), 'benchside-resign-'));
    dataDir = join(work, 'data');
    storage = await createObjectStorage({ dataDir, storage: { kind: 'local' } });
  });
  afterAll(async () => {
    await database.close();
    await rm(work, { recursive: true, force: true });
  });

  it('resign signs every published manifest with the current key, and a second run changes nothing', async () => {
    const published: PublishedPackage[] = [];
    for (const [name, request] of [
      ['tool-1.0.tgz', { kind: 'tool', soft: 'Tool', version: '1.0' }],
      ['firmware.bin', { kind: 'firmware', brand: 'Samsung', model: 'A52' }],
    ] as const) {
      const source = join(work, name);
      await writeFile(source, `the bytes of ${name}`);
      // Published before the rotation, with the key generated under DATA_DIR.
      published.push(
        await publishPackage(
          database.db,
          storage,
          { dataDir, packageSigningKey: null },
          { ...request, source },
        ),
      );
    }
    const previousKey = createPublicKey(await loadPackageSigningKey({ dataDir, packageSigningKey: null }));
    const next = generateKeyPairSync('ed25519');
    const nextFile = join(work, 'next-signing-key.pem');
    await writeFile(nextFile, next.privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const printed: string[] = [];
    const context: AdminContext = {
      // The operator moved the next key to PACKAGE_SIGNING_KEY.
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        BENCHSIDE_DEMO: '1',
        DATA_DIR: dataDir,
        PACKAGE_SIGNING_KEY: nextFile,
      }),
      db: database.db,
      storage,
      print: (line) => printed.push(line),
    };
    const manifestOf = async (name: string): Promise<unknown> =>
      JSON.parse(String(await readSmallObject(storage, catalogueKeys.manifest(name))));

    for (const { name } of published) {
      const manifest = await manifestOf(name);
      expect(openSignedPackageManifest(manifest, [previousKey])).toMatchObject({ name });
      expect(() => openSignedPackageManifest(manifest, [next.publicKey])).toThrow(/not signed/);
    }

    await resign.run(context, { values: {}, positionals: [] });
    for (const entry of published) {
      const manifest = await manifestOf(entry.name);
      expect(openSignedPackageManifest(manifest, [next.publicKey])).toMatchObject({
        name: entry.name,
        size: entry.size,
        sha256: entry.sha256,
        infoHash: entry.infoHash,
        kind: entry.kind,
      });
      expect(() => openSignedPackageManifest(manifest, [previousKey])).toThrow(/not signed/);
    }
    await resign.run(context, { values: {}, positionals: [] });
    expect(printed).toEqual([
      'Re-signed 2 of 2 package manifests with the current signing key',
      'Re-signed 0 of 2 package manifests with the current signing key',
    ]);
  });
});
