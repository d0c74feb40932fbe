import { generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@benchside/server/config';
import { type App, createServer } from '@benchside/server/create-server';
import { packagePublicKeyText } from '@benchside/server/package-signing';
import { createLocalStorage } from '@benchside/server/storage/local-storage';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPackageSigningKey } from '../src/catalogue/signing-key.ts';
import {
  HELPER_INSTALLER_INFO_PATH,
  HELPER_INSTALLER_PATH,
  helperInstallerTrust,
  registerHelperInstallerRoute,
  storeHelperInstaller,
} from '../src/helper-installer/routes.ts';

describe('the helper installer download', () => {
  let folder: string;
  const servers: App[] = [];

  /** A portal whose storage holds the installer packed as `file`, or none when null; answers its origin. */
  async function servePortal(file: string | null): Promise<string> {
    const storage = createLocalStorage(await mkdtemp(join(folder, 'data-')));
    if (file !== null) await storeHelperInstaller(storage, file);
    return servePortalWith(storage);
  }

  async function servePortalWith(storage: ObjectStorage): Promise<string> {
    const app = createServer({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BENCHSIDE_DEMO: '1' }),
      trustedOrigins: [],
    });
    registerHelperInstallerRoute(app, { storage });
    await app.listen({ host: '127.0.0.1', port: 0 });
    servers.push(app);
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  const serve = async (file: string | null) => `${await servePortal(file)}${HELPER_INSTALLER_PATH}`;

  /** An installer-shaped tarball: `package/package.json` naming `version`, as `npm run pack:helper` makes it. */
  async function packedInstaller(version: string): Promise<string> {
    const work = await mkdtemp(join(folder, 'pack-'));
    await mkdir(join(work, 'package'));
    await writeFile(
      join(work, 'package', 'package.json'),
      JSON.stringify({ name: 'benchside-helper', version }),
    );
    const file = join(work, 'benchside-helper.tgz');
    await create({ gzip: true, file, cwd: work, portable: true }, ['package']);
    return file;
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'benchside-installer-'));
  });

  afterAll(async () => {
    for (const app of servers) await app.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('is where the default HELPER_INSTALLER_URL points', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      BENCHSIDE_DEMO: '1',
      PUBLIC_URL: 'https://portal.example.com',
    });
    expect(config.helperInstallerUrl).toBe(`https://portal.example.com${HELPER_INSTALLER_PATH}`);
  });

  it("is built to trust this portal's PUBLIC_URL, downloads host and publishing key", async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      BENCHSIDE_DEMO: '1',
      PUBLIC_URL: 'https://portal.example.com',
      DATA_DIR: folder,
    });
    const trust = await helperInstallerTrust(config);
    expect(trust).toEqual({
      portalUrl: 'https://portal.example.com',
      downloadsHost: 'https://portal.example.com/dl',
      packageKeys: [packagePublicKeyText(await loadPackageSigningKey(config))],
    });
    // The same key on every start: installed helpers keep trusting what this portal publishes.
    expect((await helperInstallerTrust(config)).packageKeys).toEqual(trust.packageKeys);
  });

  it('trusts PACKAGE_SIGNING_KEY_NEXT too, so helpers learn the next key before it signs anything', async () => {
    const next = generateKeyPairSync('ed25519');
    const nextFile = join(folder, 'next-signing-key.pem');
    await writeFile(nextFile, next.privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const config = loadConfig({
      NODE_ENV: 'test',
      BENCHSIDE_DEMO: '1',
      PUBLIC_URL: 'https://portal.example.com',
      DATA_DIR: folder,
      PACKAGE_SIGNING_KEY_NEXT: nextFile,
    });
    expect((await helperInstallerTrust(config)).packageKeys).toEqual([
      packagePublicKeyText(await loadPackageSigningKey(config)),
      packagePublicKeyText(next.publicKey),
    ]);

    const unusable = async (file: string) =>
      helperInstallerTrust({ ...config, packageSigningKeyNext: file }).catch((error: Error) => error.message);
    expect(await unusable(join(folder, 'missing.pem'))).toMatch(
      /^PACKAGE_SIGNING_KEY_NEXT: cannot read [^\n]+$/,
    );
    const garbage = join(folder, 'garbage.pem');
    await writeFile(garbage, 'not a key');
    expect(await unusable(garbage)).toMatch(/^PACKAGE_SIGNING_KEY_NEXT: [^\n]+ is not a PEM private key/);
  });

  it('serves the packed tarball as a download, without a session', async () => {
    const file = join(folder, 'benchside-helper.tgz');
    const bytes = Buffer.from('\x1f\x8b fake tarball bytes');
    await writeFile(file, bytes);
    const response = await fetch(await serve(file));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="benchside-helper.tgz"');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('says how to build it when it was never packed', async () => {
    const response = await fetch(await serve(null));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'The helper installer has not been built on this server (npm run pack:helper)',
    });
  });

  it('tells the helper panel the version of the installer it serves, without a session', async () => {
    const response = await fetch(
      `${await servePortal(await packedInstaller('0.3.1'))}${HELPER_INSTALLER_INFO_PATH}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: '0.3.1' });
  });

  it('answers 404 for the version when no installer was packed, or the file is not one', async () => {
    const notInstaller = join(folder, 'not-an-installer.tgz');
    await writeFile(notInstaller, 'plain bytes');
    for (const file of [null, notInstaller]) {
      const response = await fetch(`${await servePortal(file)}${HELPER_INSTALLER_INFO_PATH}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        message: 'The helper installer has not been built on this server (npm run pack:helper)',
      });
    }
  });

  it('is stored again only when it changed, or its version was not written after it', async () => {
    const data = await mkdtemp(join(folder, 'data-'));
    const storage = createLocalStorage(data);
    const storedInstaller = join(data, 'helper-installer', 'benchside-helper.tgz');
    const storedAbout = join(data, 'helper-installer', 'benchside-helper.json');
    const longAgo = new Date('2026-01-01T00:00:00Z');
    const writtenAt = async () => ({
      installer: (await stat(storedInstaller)).mtimeMs,
      about: (await stat(storedAbout)).mtimeMs,
    });

    const first = await packedInstaller('0.3.1');
    await storeHelperInstaller(storage, first);
    await utimes(storedInstaller, longAgo, longAgo);
    await utimes(storedAbout, longAgo, longAgo);
    await storeHelperInstaller(storage, first);
    expect(await writtenAt()).toEqual({ installer: longAgo.getTime(), about: longAgo.getTime() });

    // A store that stopped after the installer: what is known of it is older than it.
    await utimes(storedAbout, new Date(longAgo.getTime() - 1000), new Date(longAgo.getTime() - 1000));
    await storeHelperInstaller(storage, first);
    expect((await writtenAt()).about).toBeGreaterThan(longAgo.getTime());

    const second = await packedInstaller('0.3.2');
    await storeHelperInstaller(storage, second);
    expect((await writtenAt()).installer).toBeGreaterThan(longAgo.getTime());
    const app = await servePortalWith(storage);
    expect(await (await fetch(`${app}${HELPER_INSTALLER_INFO_PATH}`)).json()).toEqual({ version: '0.3.2' });
  });
});
