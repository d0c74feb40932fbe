import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import createTorrent from 'create-torrent';
import parseTorrent from 'parse-torrent';
import { loadPackageSigningKey } from '../../apps/api/src/catalogue/signing-key.ts';
import { startRangeFileServer } from '../../apps/helper/test/range-file-server.ts';
import { HELPER_PORTS, PACKAGE_MANIFEST_FOLDER } from '../../packages/contracts/src/helper.ts';
import { signPackageManifest } from '../../packages/server/src/package-signing.ts';
import { e2eSeedHostPort } from './seed-host.ts';

export interface PublishedPackage {
  name: string;
  size: number;
  torrentUrl: string;
  /** A throw-away folder for the test: the packages' sources and a download folder for the helper. */
  work: string;
  /** The web seed's new rate, from its next chunk on: a download watched while slow ends sooner. */
  setBytesPerSecond(bytesPerSecond: number): void;
  close(): Promise<void>;
}

/** What publishPackages gives of each package. */
type PublishedFile = Pick<PublishedPackage, 'name' | 'size' | 'torrentUrl'>;

/** A single package named `e2e-firmware.bin`: publishPackages for one. */
export async function publishPackage(size: number, bytesPerSecond: number): Promise<PublishedPackage> {
  const { packages, ...seed } = await publishPackages([{ name: 'e2e-firmware.bin', size }], bytesPerSecond);
  const [published] = packages;
  if (published === undefined) throw new Error('nothing was published');
  return { ...published, ...seed };
}

/**
 * Packages published the way the downloads host does it: each a .torrent whose only source is an
 * HTTP web seed and the manifest signed with the stack's publishing key (the one `npm start`
 * generated in E2E_DATA_DIR), served from loopback by this test on the port the stack's helper
 * trusts (seed-host.ts), slow enough that a download can be watched.
 */
export async function publishPackages(
  wanted: readonly { name: string; size: number }[],
  bytesPerSecond: number,
): Promise<
  {
    packages: PublishedFile[];
  } & Pick<PublishedPackage, 'work' | 'setBytesPerSecond' | 'close'>
> {
  const work = await mkdtemp(join(tmpdir(), 'benchside-e2e-downloads-'));
  // The helper takes only an existing folder as its download folder.
  await mkdir(join(work, 'downloads'));
  const files: Record<string, string> = {};
  const server = await startRangeFileServer({
    files,
    bytesPerSecond,
    port: e2eSeedHostPort(Number(process.env.E2E_PORT ?? 18080)),
  });
  const signingKey = await loadPackageSigningKey({
    dataDir: String(process.env.E2E_DATA_DIR),
    packageSigningKey: null,
  });
  const packages: PublishedFile[] = [];
  for (const { name, size } of wanted) {
    const source = join(work, name);
    const torrentFile = join(work, `${name}.torrent`);
    const manifestFile = join(work, `${name}.manifest.json`);
    const content = randomBytes(size);
    await writeFile(source, content);
    files[`/dl/${name}`] = source;
    files[`/dl/${name}.torrent`] = torrentFile;
    files[`/dl/${PACKAGE_MANIFEST_FOLDER}/${name}`] = manifestFile;
    const torrent = await new Promise<Buffer>((resolve, reject) =>
      createTorrent(
        source,
        { pieceLength: 256 * 1024, urlList: [server.url(`/dl/${name}`)], announceList: [] },
        (error, bytes) => (error ? reject(error) : resolve(bytes)),
      ),
    );
    await writeFile(torrentFile, torrent);
    const manifest = signPackageManifest(
      {
        name,
        size,
        sha256: createHash('sha256').update(content).digest('hex'),
        infoHash: (await parseTorrent(torrent)).infoHash,
        kind: 'firmware',
        soft: null,
        version: null,
        publishedAt: new Date().toISOString(),
      },
      signingKey,
    );
    await writeFile(manifestFile, JSON.stringify(manifest));
    packages.push({ name, size, torrentUrl: server.url(`/dl/${name}.torrent`) });
  }
  return {
    packages,
    work,
    setBytesPerSecond: (rate) => server.setBytesPerSecond(rate),
    close: async () => {
      await server.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * The port of the helper that serves this portal: helpers of other portals on the machine refuse
 * its origin, as they would refuse the page.
 */
export async function helperPortFor(request: APIRequestContext, portalOrigin: string): Promise<number> {
  for (const port of HELPER_PORTS) {
    const answer = await request
      .post(`http://127.0.0.1:${port}/general/ping`, { headers: { origin: portalOrigin }, data: {} })
      .catch(() => null);
    if (answer?.ok()) return port;
  }
  throw new Error(`No helper on ${HELPER_PORTS.join(', ')} answers ${portalOrigin}`);
}

/** What the Files or Firmwares page does to start a download: `/downloads/add` on the helper. */
export async function addDownload(
  request: APIRequestContext,
  port: number,
  portalOrigin: string,
  body: { url: string; soft: string; path: string },
): Promise<void> {
  const answer = await postToHelper(request, port, portalOrigin, '/downloads/add', body);
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A POST to the stack's helper from the portal's origin, as the page makes it. */
export function postToHelper(
  request: APIRequestContext,
  port: number,
  portalOrigin: string,
  path: string,
  data: object = {},
) {
  return request.post(`http://127.0.0.1:${port}${path}`, { headers: { origin: portalOrigin }, data });
}

/**
 * Earlier specs on the same stack (a firmware or a tool downloaded through the helper) leave rows
 * in its list: removing them, files too, gives this spec the newcomer's empty helper.
 */
export async function removeAllDownloads(
  request: APIRequestContext,
  port: number,
  portalOrigin: string,
): Promise<void> {
  const listed = await postToHelper(request, port, portalOrigin, '/downloads/list');
  expect(listed.status()).toBe(200);
  for (const { hash } of (await listed.json()) as { hash: string }[]) {
    const removed = await postToHelper(request, port, portalOrigin, '/downloads/remove', {
      hash,
      withData: true,
    });
    expect(removed.status(), await removed.text()).toBe(200);
  }
}
