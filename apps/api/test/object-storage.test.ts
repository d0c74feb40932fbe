import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadLinkSchema } from '@benchside/contracts/catalogue';
import { attachmentSchema } from '@benchside/contracts/conversations';
import { type S3TestServer, startS3TestServer } from '@benchside/server/storage/s3-test-server';
import { PNG_BYTES, signedInUser, uploadFile } from '@benchside/test-kit/conversations-helpers';
import { type RunningApi, startApi } from '@benchside/test-kit/start-api';
import parseTorrent from 'parse-torrent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishRequest } from '../src/catalogue/publish.ts';
import { PIECE_LENGTH } from '../src/catalogue/torrents.ts';
import { HELPER_INSTALLER_PATH, storeHelperInstaller } from '../src/helper-installer/routes.ts';
import { expectServedWithRanges, publishContent } from './catalogue-helpers.ts';

const WEB_SEED_URLS = ['https://cdn.example.com/packages', 'http://127.0.0.1:9/benchside/catalogue/packages'];

function bytes(size: number): Buffer {
  const buffer = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) buffer[index] = (index * 7 + (index >> 10)) & 0xff;
  return buffer;
}

/**
 * Two API nodes on one database and one S3 bucket (s3rver), each with a DATA_DIR of its own: what
 * one stores, the other serves, and neither keeps a file on its own disk.
 */
describe('files in S3-compatible storage, shared by two API nodes', () => {
  let s3: S3TestServer;
  let first: RunningApi;
  let second: RunningApi;
  let work: string;
  let cookie: string;

  const publish = (name: string, content: Buffer, request: Omit<PublishRequest, 'source' | 'name'>) =>
    publishContent(first, work, name, content, request);

  async function downloadLink(api: RunningApi, id: number, as = cookie) {
    const response = await fetch(`${api.url}/api/file/get-download-link/${id}`, { headers: { cookie: as } });
    expect(response.status).toBe(200);
    return downloadLinkSchema.parse(await response.json());
  }

  beforeAll(async () => {
    s3 = await startS3TestServer();
    work = await mkdtemp(join(tmpdir(), 'benchside-s3-api-'));
    const env = { ...s3.env, WEB_SEED_URLS: WEB_SEED_URLS.join(',') };
    first = await startApi({ env });
    second = await startApi({ env, sharing: first });
    // Each node's links point at itself, as each would behind its own address.
    first.config.downloadsHost = `${first.url}/dl`;
    second.config.downloadsHost = `${second.url}/dl`;
    cookie = (await signedInUser(first, 'alice')).cookie;
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await s3?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('downloads through node 2 an attachment uploaded through node 1', async () => {
    const upload = await uploadFile(`${first.url}/api/attachments`, cookie, PNG_BYTES, 'reader.png');
    expect(upload.status, await upload.clone().text()).toBe(201);
    const attachment = attachmentSchema.parse(await upload.json());

    const download = await fetch(`${second.url}/api/attachments/${attachment.id}/download`, {
      headers: { cookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(PNG_BYTES))).toBe(true);
    expect(await readdir(first.config.dataDir)).not.toContain('attachments');
  });

  it('serves through node 2, with byte ranges, a package node 1 published to the bucket', async () => {
    const content = bytes(2 * PIECE_LENGTH + 4321);
    const published = await publish('s3-firmware.bin', content, { kind: 'file', folder: 'Firmware drops' });
    const link = await downloadLink(second, published.id);
    expect(link.url.startsWith(`${second.url}/dl/s3-firmware.bin.torrent?expires=`)).toBe(true);
    expect(link.webSeeds).toEqual(WEB_SEED_URLS.map((base) => `${base}/s3-firmware.bin`));

    const torrentResponse = await fetch(link.url);
    expect(torrentResponse.status).toBe(200);
    const torrent = await parseTorrent(new Uint8Array(await torrentResponse.arrayBuffer()));
    expect(torrent.infoHash).toBe(published.infoHash);
    const [hostSeed = '', ...extraSeeds] = torrent.urlList;
    expect(hostSeed.startsWith(`${second.url}/dl/s3-firmware.bin?expires=`)).toBe(true);
    expect(extraSeeds).toEqual(link.webSeeds);

    await expectServedWithRanges(hostSeed, content);

    const manifest = await fetch(`${second.url}/dl/manifest/s3-firmware.bin${new URL(link.url).search}`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toHaveProperty('signature');
    expect(await readdir(first.config.dataDir)).not.toContain('catalogue');
  });

  it('lists no extra web seed for a restricted package: only its entitled users may fetch it', async () => {
    const published = await publish('s3-restricted.bin', bytes(4096), {
      kind: 'file',
      soft: 'Pro',
      restricted: true,
    });
    const bob = await signedInUser(second, 'bob');
    await first.db.insertInto('catalogue_grants').values({ user_id: bob.id, soft: 'Pro' }).execute();
    const link = await downloadLink(second, published.id, bob.cookie);
    expect(link.webSeeds).toEqual([]);
    const torrent = await parseTorrent(new Uint8Array(await (await fetch(link.url)).arrayBuffer()));
    expect(torrent.urlList).toHaveLength(1);
  });

  it('serves the helper installer from the bucket on a node that never packed it', async () => {
    const installer = join(work, 'benchside-helper.tgz');
    const packed = Buffer.from('\x1f\x8b packed installer bytes');
    await writeFile(installer, packed);
    await storeHelperInstaller(first.storage, installer);
    const response = await fetch(`${second.url}${HELPER_INSTALLER_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(Buffer.from(await response.arrayBuffer()).equals(packed)).toBe(true);
  });
});
