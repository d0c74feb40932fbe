import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brandsResponseSchema,
  downloadLinkSchema,
  filesByParentResponseSchema,
  filesCollectionSchema,
  modelsCollectionSchema,
  searchResultsSchema,
  softsCollectionSchema,
} from '@benchside/contracts/catalogue';
import {
  openSignedPackageManifest,
  packagePublicKeyText,
  parsePackagePublicKey,
} from '@benchside/server/package-signing';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import parseTorrent from 'parse-torrent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadLinkSigner } from '../src/catalogue/download-links.ts';
import { INVALID_LINK_MESSAGE, parseByteRange } from '../src/catalogue/downloads-host.ts';
import { type PublishRequest, unpublishPackage } from '../src/catalogue/publish.ts';
import { FILE_FORBIDDEN_MESSAGE } from '../src/catalogue/routes.ts';
import { loadPackageSigningKey } from '../src/catalogue/signing-key.ts';
import { PIECE_LENGTH } from '../src/catalogue/torrents.ts';
import { call, errorOf } from './accounts-helpers.ts';
import { expectServedWithRanges, publishContent } from './catalogue-helpers.ts';

const PASSWORD = 'Catalogue#2026';
let api: RunningApi;
let work: string;
let dataDir: string;
let cookie: string;
let userId: string;

function bytes(size: number, seed: number): Buffer {
  const buffer = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) buffer[index] = (index * 31 + seed * 7 + (index >> 8)) & 0xff;
  return buffer;
}

const publish = (name: string, content: Buffer, request: Omit<PublishRequest, 'source' | 'name'>) =>
  publishContent(api, work, name, content, request);

const get = (path: string, withCookie = true) => call(api, 'GET', path, withCookie ? { cookie } : {});

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'benchside-catalogue-src-'));
  dataDir = await mkdtemp(join(tmpdir(), 'benchside-catalogue-data-'));
  api = await startApi({ env: { DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1' } });
  // The downloads host must be this test server: links are built from the config.
  api.config.downloadsHost = `${api.url}/dl`;
  userId = await createUser(api.db, { username: 'tech', email: 'tech@example.com', password: PASSWORD });
  cookie = await signIn(api, 'tech', PASSWORD);

  await publish('SM-G991B_fw.bin', bytes(3 * PIECE_LENGTH + 1234, 1), {
    kind: 'firmware',
    brand: 'Samsung',
    model: 'SM-G991B',
    soft: 'Flash',
    version: '1',
  });
  await publish('SM-G991B_unlock.bin', bytes(2048, 2), {
    kind: 'firmware',
    brand: 'Samsung',
    model: 'SM-G991B',
    soft: 'Unlock',
    version: '1',
  });
  await publish('SM-G991B_fw2.bin', bytes(1024, 3), {
    kind: 'firmware',
    brand: 'Samsung',
    model: 'SM-G991B',
    soft: 'Flash',
    version: '2',
  });
  await publish('a-series.bin', bytes(1024, 4), {
    kind: 'firmware',
    brand: 'Samsung',
    model: 'a52',
    soft: 'Flash',
  });
  await publish('redmi.bin', bytes(1024, 5), {
    kind: 'firmware',
    brand: 'Xiaomi',
    model: 'Redmi 9',
    soft: 'Flash',
  });
  await publish('moto.bin', bytes(1024, 6), { kind: 'firmware', brand: 'apple-like', model: 'Z1' });
  await publish('flash-1.0.tgz', bytes(500, 7), { kind: 'tool', soft: 'Flash', version: '1.0' });
  await publish('flash-1.1.tgz', bytes(600, 8), { kind: 'tool', soft: 'Flash', version: '1.1' });
  await publish('pro-1.0.tgz', bytes(700, 9), {
    kind: 'tool',
    soft: 'Pro',
    version: '1.0',
    restricted: true,
  });
  await publish('zeta.txt', bytes(10, 10), { kind: 'file', folder: 'Docs' });
  await publish('Alpha.txt', bytes(10, 11), { kind: 'file', folder: 'Docs' });
  await publish('beta.txt', bytes(10, 12), { kind: 'file', folder: 'Docs' });
  await publish('zz-sub-last.txt', bytes(10, 13), { kind: 'file', folder: 'Docs/zz-Sub' });
  await publish('Sub-A.txt', bytes(10, 14), { kind: 'file', folder: 'Docs/a-sub' });
  await publish('secret.bin', bytes(10, 15), { kind: 'file', folder: 'Docs', soft: 'Pro', restricted: true });
  await publish('readme.txt', bytes(10, 16), { kind: 'file' });
});

afterAll(async () => {
  await api?.close();
  await rm(work, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

async function folderId(name: string, parent?: number): Promise<number> {
  const response = await get(`/api/file/get-by-parent${parent ? `?parent=${parent}` : ''}`);
  const listing = filesByParentResponseSchema.parse(await response.json());
  const found = listing.member.find((item) => item.file === name && item.isDir);
  if (!found) throw new Error(`No folder ${name}`);
  return found.id;
}

describe('catalogue API', () => {
  it('answers 401 without a session on every catalogue route', async () => {
    for (const path of [
      '/api/files',
      '/api/files?brand=Samsung',
      '/api/file/get-by-parent',
      '/api/file/get-download-link/1',
      '/api/model/brands',
      '/api/models?brand=Samsung',
      '/api/softs',
    ]) {
      expect((await get(path, false)).status, path).toBe(401);
    }
    expect((await call(api, 'POST', '/api/forum/post-search', { body: { query: 'fw' } })).status).toBe(401);
  });

  it('lists folders first, then files by name whatever their case', async () => {
    const root = filesCollectionSchema.parse(await (await get('/api/files')).json());
    expect(root.member.map((item) => [item.file, item.isDir])).toEqual([
      ['Docs', true],
      ['Firmwares', true],
      ['Tools', true],
      ['readme.txt', false],
    ]);
    const docs = filesByParentResponseSchema.parse(
      await (await get(`/api/file/get-by-parent?parent=${await folderId('Docs')}`)).json(),
    );
    expect(docs.member.map((item) => item.file)).toEqual([
      'a-sub',
      'zz-Sub',
      'Alpha.txt',
      'beta.txt',
      'secret.bin',
      'zeta.txt',
    ]);
    expect(docs.parents.map((crumb) => crumb.file)).toEqual(['Docs']);
    expect(docs.member.find((item) => item.file === 'secret.bin')?.entitled).toBe(false);
    expect(docs.member.find((item) => item.file === 'beta.txt')).toMatchObject({ size: 10, kind: 'file' });
  });

  it('gives the path of a nested folder for breadcrumbs and 404 for a file or unknown parent', async () => {
    const firmwares = await folderId('Firmwares');
    const samsung = await folderId('Samsung', firmwares);
    const model = await folderId('SM-G991B', samsung);
    const listing = filesByParentResponseSchema.parse(
      await (await get(`/api/file/get-by-parent?parent=${model}`)).json(),
    );
    expect(listing.parents.map((crumb) => crumb.file)).toEqual(['Firmwares', 'Samsung', 'SM-G991B']);
    expect(listing.member.map((item) => item.file)).toEqual([
      'SM-G991B_fw.bin',
      'SM-G991B_fw2.bin',
      'SM-G991B_unlock.bin',
    ]);
    const fileId = listing.member[0]?.id ?? 0;
    expect((await get(`/api/file/get-by-parent?parent=${fileId}`)).status).toBe(404);
    expect((await get('/api/file/get-by-parent?parent=999999')).status).toBe(404);
    expect((await get('/api/file/get-by-parent?parent=abc')).status).toBe(400);
  });

  it('searches names by word prefixes, folders first', async () => {
    const found = filesCollectionSchema.parse(await (await get('/api/files?file=g991')).json());
    expect(found.member.map((item) => item.file)).toEqual([
      'SM-G991B',
      'SM-G991B_fw.bin',
      'SM-G991B_fw2.bin',
      'SM-G991B_unlock.bin',
    ]);
    const both = filesCollectionSchema.parse(await (await get('/api/files?file=g991%20unl')).json());
    expect(both.member.map((item) => item.file)).toEqual(['SM-G991B_unlock.bin']);
    const punctuation = filesCollectionSchema.parse(await (await get('/api/files?file=%27%26!:*')).json());
    expect(punctuation).toEqual({ member: [], totalItems: 0 });
  });

  it('lists the firmwares of a brand and of one model', async () => {
    const samsung = filesCollectionSchema.parse(await (await get('/api/files?brand=Samsung')).json());
    expect(samsung.totalItems).toBe(4);
    expect(samsung.member.every((item) => item.brand === 'Samsung' && item.kind === 'firmware')).toBe(true);
    const one = filesCollectionSchema.parse(await (await get('/api/files?brand=Samsung&model=a52')).json());
    expect(one.member.map((item) => item.file)).toEqual(['a-series.bin']);
  });

  it('pages within bounds and refuses pages outside them', async () => {
    const first = filesCollectionSchema.parse(await (await get('/api/files?file=bin&itemsPerPage=2')).json());
    const second = filesCollectionSchema.parse(
      await (await get('/api/files?file=bin&itemsPerPage=2&page=2')).json(),
    );
    expect(first.member).toHaveLength(2);
    expect(first.totalItems).toBeGreaterThan(4);
    expect(second.member[0]?.file).not.toBe(first.member[0]?.file);
    const beyond = filesCollectionSchema.parse(await (await get('/api/files?page=1000')).json());
    expect(beyond).toEqual({ member: [], totalItems: 4 });
    for (const query of ['page=0', 'itemsPerPage=0', 'itemsPerPage=101', 'page=x']) {
      const response = await get(`/api/files?${query}`);
      expect(response.status, query).toBe(400);
      expect((await errorOf(response)).violations?.length).toBeGreaterThan(0);
    }
    expect((await get('/api/models?itemsPerPage=101')).status).toBe(400);
  });

  it('sorts brands and merges the softs of a model without duplicates, sorted by model', async () => {
    const brands = brandsResponseSchema.parse(await (await get('/api/model/brands')).json());
    expect(brands.brands).toEqual([
      { brand: 'apple-like', models: 1 },
      { brand: 'Samsung', models: 2 },
      { brand: 'Xiaomi', models: 1 },
    ]);
    const models = modelsCollectionSchema.parse(await (await get('/api/models?brand=Samsung')).json());
    expect(models).toEqual({
      member: [
        { model: 'a52', brand: 'Samsung', soft: [{ name: 'Flash' }] },
        { model: 'SM-G991B', brand: 'Samsung', soft: [{ name: 'Flash' }, { name: 'Unlock' }] },
      ],
      totalItems: 2,
    });
    const byName = modelsCollectionSchema.parse(await (await get('/api/models?model=redmi')).json());
    expect(byName.member).toEqual([{ model: 'Redmi 9', brand: 'Xiaomi', soft: [{ name: 'Flash' }] }]);
    const noSoft = modelsCollectionSchema.parse(await (await get('/api/models?model=z1')).json());
    expect(noSoft.member[0]?.soft).toEqual([]);
    const paged = modelsCollectionSchema.parse(await (await get('/api/models?itemsPerPage=1&page=2')).json());
    expect(paged.totalItems).toBe(4);
    expect(paged.member.map((item) => item.model)).toEqual(['Redmi 9']);
  });

  it('keeps brands and models right as firmwares are published and unpublished', async () => {
    const pixelModels = async () =>
      modelsCollectionSchema.parse(await (await get('/api/models?brand=Google')).json()).member;
    const brandNames = async () =>
      brandsResponseSchema
        .parse(await (await get('/api/model/brands')).json())
        .brands.map(({ brand }) => brand);
    await publish('pixel-flash.bin', bytes(100, 30), {
      kind: 'firmware',
      brand: 'Google',
      model: 'Pixel 9',
      soft: 'Flash',
    });
    await publish('pixel-unlock.bin', bytes(100, 31), {
      kind: 'firmware',
      brand: 'Google',
      model: 'Pixel 9',
      soft: 'Unlock',
    });
    expect(await pixelModels()).toEqual([
      { model: 'Pixel 9', brand: 'Google', soft: [{ name: 'Flash' }, { name: 'Unlock' }] },
    ]);
    expect(await brandNames()).toContain('Google');
    await unpublishPackage(api.db, api.storage, 'pixel-flash.bin');
    expect(await pixelModels()).toEqual([{ model: 'Pixel 9', brand: 'Google', soft: [{ name: 'Unlock' }] }]);
    await unpublishPackage(api.db, api.storage, 'pixel-unlock.bin');
    expect(await pixelModels()).toEqual([]);
    expect(await brandNames()).not.toContain('Google');
  });

  it('lists the softs the user may use at their newest version, and grants unlock restricted ones', async () => {
    const softs = softsCollectionSchema.parse(await (await get('/api/softs')).json());
    expect(softs.member.map((soft) => [soft.name, soft.version, soft.file])).toEqual([
      ['Flash', '1.1', 'flash-1.1.tgz'],
    ]);
    await api.db.insertInto('catalogue_grants').values({ user_id: userId, soft: 'Pro' }).execute();
    try {
      const granted = softsCollectionSchema.parse(await (await get('/api/softs')).json());
      expect(granted.member.map((soft) => soft.name)).toEqual(['Flash', 'Pro']);
    } finally {
      await api.db.deleteFrom('catalogue_grants').execute();
    }
  });

  it('refuses a download link for a package the user may not have (403), and for folders (404)', async () => {
    const docs = filesByParentResponseSchema.parse(
      await (await get(`/api/file/get-by-parent?parent=${await folderId('Docs')}`)).json(),
    );
    const secret = docs.member.find((item) => item.file === 'secret.bin');
    const folder = docs.member.find((item) => item.isDir);
    const refused = await get(`/api/file/get-download-link/${secret?.id}`);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(FILE_FORBIDDEN_MESSAGE);
    expect((await get(`/api/file/get-download-link/${folder?.id}`)).status).toBe(404);
    expect((await get('/api/file/get-download-link/999999')).status).toBe(404);
    expect((await get('/api/file/get-download-link/nope')).status).toBe(400);

    await api.db.insertInto('catalogue_grants').values({ user_id: userId, soft: 'Pro' }).execute();
    try {
      expect((await get(`/api/file/get-download-link/${secret?.id}`)).status).toBe(200);
    } finally {
      await api.db.deleteFrom('catalogue_grants').execute();
    }
  });

  it('serves a torrent with the host as web seed, and the package with byte ranges', async () => {
    const found = filesCollectionSchema.parse(await (await get('/api/files?file=SM-G991B_fw')).json());
    const firmware = found.member.find((item) => item.file === 'SM-G991B_fw.bin');
    const link = downloadLinkSchema.parse(
      await (await get(`/api/file/get-download-link/${firmware?.id}`)).json(),
    );
    expect(link).toMatchObject({ soft: 'Flash', file: 'SM-G991B_fw.bin', size: 3 * PIECE_LENGTH + 1234 });
    expect(link.url.startsWith(`${api.url}/dl/SM-G991B_fw.bin.torrent?expires=`)).toBe(true);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

    const torrentResponse = await fetch(link.url);
    expect(torrentResponse.status).toBe(200);
    expect(torrentResponse.headers.get('content-type')).toBe('application/x-bittorrent');
    const torrent = await parseTorrent(new Uint8Array(await torrentResponse.arrayBuffer()));
    expect(torrent.infoHash).toBe(link.infoHash);
    expect(torrent.pieceLength).toBe(PIECE_LENGTH);
    expect(torrent.length).toBe(link.size);
    expect(torrent.urlList).toHaveLength(1);
    const seed = torrent.urlList[0] ?? '';
    expect(seed.startsWith(`${api.url}/dl/SM-G991B_fw.bin?expires=`)).toBe(true);

    await expectServedWithRanges(seed, bytes(3 * PIECE_LENGTH + 1234, 1));
  });

  it('links the package itself for a plain download, whose bytes match the SHA-256 it gives', async () => {
    const found = filesCollectionSchema.parse(await (await get('/api/files?file=SM-G991B_fw')).json());
    const firmware = found.member.find((item) => item.file === 'SM-G991B_fw.bin');
    const link = downloadLinkSchema.parse(
      await (await get(`/api/file/get-download-link/${firmware?.id}`)).json(),
    );
    expect(link.directUrl.startsWith(`${api.url}/dl/SM-G991B_fw.bin?expires=`)).toBe(true);

    const direct = await fetch(link.directUrl);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-disposition')).toBe('attachment; filename="SM-G991B_fw.bin"');
    const body = Buffer.from(await direct.arrayBuffer());
    expect(body.length).toBe(link.size);
    expect(createHash('sha256').update(body).digest('hex')).toBe(link.sha256);
    // The signature covers the package's path: it opens no other package.
    const other = new URL(link.directUrl);
    other.pathname = '/dl/flash-1.1.tgz';
    expect((await fetch(other)).status).toBe(403);
  });

  it('signs a manifest per published package that verifies with the public key, served beside the torrent', async () => {
    const found = filesCollectionSchema.parse(await (await get('/api/files?file=flash-1.1')).json());
    const tool = found.member.find((item) => item.file === 'flash-1.1.tgz');
    const link = downloadLinkSchema.parse(
      await (await get(`/api/file/get-download-link/${tool?.id}`)).json(),
    );
    const torrentUrl = new URL(link.url);
    const manifestUrl = new URL(torrentUrl);
    manifestUrl.pathname = '/dl/manifest/flash-1.1.tgz';

    const response = await fetch(manifestUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    // The key npm start generated under DATA_DIR; a helper is given only its public half.
    const publicKey = parsePackagePublicKey(
      packagePublicKeyText(await loadPackageSigningKey({ dataDir, packageSigningKey: null })),
    );
    const manifest = openSignedPackageManifest(await response.json(), [publicKey]);
    expect(manifest).toMatchObject({
      format: 'benchside-package-manifest.v1',
      name: 'flash-1.1.tgz',
      size: 600,
      sha256: createHash('sha256').update(bytes(600, 8)).digest('hex'),
      infoHash: link.infoHash,
      kind: 'tool',
      soft: 'Flash',
      version: '1.1',
    });
    const stranger = generateKeyPairSync('ed25519').publicKey;
    const again = await (await fetch(manifestUrl)).json();
    expect(() => openSignedPackageManifest(again, [stranger])).toThrow(/not signed by the publishing key/);

    // Only with the torrent's own link signature, and only for a published package.
    const unsigned = new URL(manifestUrl);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBe(403);
    const other = new URL(manifestUrl);
    other.pathname = '/dl/manifest/flash-1.0.tgz';
    expect((await fetch(other)).status).toBe(403);
  });

  it('refuses a tampered, expired or missing signature on the downloads host', async () => {
    const found = filesCollectionSchema.parse(await (await get('/api/files?file=redmi')).json());
    const link = downloadLinkSchema.parse(
      await (await get(`/api/file/get-download-link/${found.member.find((item) => !item.isDir)?.id}`)).json(),
    );
    const url = new URL(link.url);
    const signature = url.searchParams.get('signature') ?? '';
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    const otherFile = new URL(url);
    otherFile.pathname = '/dl/moto.bin.torrent';
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const signer = await DownloadLinkSigner.load(api.db);
    const expired = signer.signedUrl(`${api.url}/dl`, '/redmi.bin.torrent', new Date(Date.now() - 1000));
    for (const bad of [
      tampered.href,
      otherFile.href,
      longer.href,
      expired,
      `${api.url}/dl/redmi.bin.torrent`,
      `${api.url}/dl/redmi.bin`,
    ]) {
      const response = await fetch(bad);
      expect(response.status, bad).toBe(403);
      expect((await errorOf(response)).message).toBe(INVALID_LINK_MESSAGE);
    }
    expect((await fetch(link.url)).status).toBe(200);
    const unknown = signer.signedUrl(`${api.url}/dl`, '/nothing.bin', new Date(Date.now() + 60_000));
    expect((await fetch(unknown)).status).toBe(404);
  });

  it('accepts only the exact spelling of a signature', async () => {
    const signer = await DownloadLinkSigner.load(api.db);
    const expiresAt = new Date(Date.now() + 60_000);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const path = `/any-${attempt}.bin`;
      const { expires, signature } = signer.sign(path, expiresAt);
      expect(signer.verify(path, String(expires), signature)).toBe(true);
      // Every other last character, including those that decode to the same bytes.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      for (const last of alphabet.replace(signature.at(-1) ?? '', '')) {
        expect(signer.verify(path, String(expires), `${signature.slice(0, -1)}${last}`)).toBe(false);
      }
    }
  });

  it('gives the same info hash for the same content, and unpublishing removes files and empty folders', async () => {
    const first = await publish('stable.bin', bytes(PIECE_LENGTH + 5, 20), {
      kind: 'file',
      folder: 'Tmp/Deep',
    });
    await unpublishPackage(api.db, api.storage, 'stable.bin');
    expect(await readdir(join(dataDir, 'catalogue', 'packages'))).not.toContain('stable.bin');
    expect(await readdir(join(dataDir, 'catalogue', 'manifests'))).not.toContain('stable.bin.json');
    const root = filesCollectionSchema.parse(await (await get('/api/files')).json());
    expect(root.member.map((item) => item.file)).not.toContain('Tmp');
    const again = await publish('stable.bin', bytes(PIECE_LENGTH + 5, 20), { kind: 'file' });
    expect(again.infoHash).toBe(first.infoHash);
    const changed = await publish('stable2.bin', bytes(PIECE_LENGTH + 5, 21), { kind: 'file' });
    expect(changed.infoHash).not.toBe(first.infoHash);
    await expect(publish('stable.bin', bytes(10, 1), { kind: 'file' })).rejects.toThrow(/already published/);
  });

  it('full-text searches the catalogue titles with paging', async () => {
    const response = await call(api, 'POST', '/api/forum/post-search', {
      cookie,
      body: { query: 'samsung flash', itemsPerPage: 2 },
    });
    const found = searchResultsSchema.parse(await response.json());
    expect(found.totalItems).toBe(3);
    expect(found.member).toHaveLength(2);
    expect(found.member.every((hit) => hit.kind === 'firmware' && hit.file.brand === 'Samsung')).toBe(true);
    const empty = await call(api, 'POST', '/api/forum/post-search', { cookie, body: { query: ' ' } });
    expect(empty.status).toBe(400);
    const paging = await call(api, 'POST', '/api/forum/post-search', {
      cookie,
      body: { query: 'x', page: 0 },
    });
    expect(paging.status).toBe(400);
  });

  it('parses byte ranges as RFC 9110 says', () => {
    expect(parseByteRange(undefined, 10)).toBeNull();
    expect(parseByteRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(parseByteRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseByteRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseByteRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseByteRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=5-2', 10)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,3-4', 10)).toBeNull();
  });
});
