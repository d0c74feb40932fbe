import { generateKeyPairSync } from 'node:crypto';
import { appendFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadsHost, exists, type PublishOptions, UNLOCK_TOOL, waitForDownload } from './packages.ts';
import { makeTempDir, postJson, type RunningHelper, startHelper } from './support.ts';

const MANIFEST = { ...UNLOCK_TOOL, id: 'trusted-tool', name: 'Trusted Tool', version: '2.0.0' };

/**
 * Issue 15 item 9: the page no longer says what to fetch or what the package must be. The helper
 * fetches only from the portal's downloads host, and installs only what the vendor's key signed.
 */
describe('the helper trusts the vendor, not the page', { timeout: 30_000 }, () => {
  let work: string;
  let downloadFolder: string;
  let host: DownloadsHost;
  let foreign: DownloadsHost;
  let helper: RunningHelper;

  beforeAll(async () => {
    work = await makeTempDir('trust');
    downloadFolder = join(work, 'Downloads');
    await mkdir(downloadFolder);
    host = new DownloadsHost(join(work, 'host'));
    await host.start();
    foreign = new DownloadsHost(join(work, 'foreign'));
    await foreign.start();
    helper = await startHelper({ packageTrust: host.trust });
    const folder = await postJson(helper.port, '/general/setDownloadFolder', { path: downloadFolder });
    expect(folder.status, folder.text).toBe(200);
  });
  afterAll(async () => {
    await helper.close();
    await host.close();
    await foreign.close();
    await rm(work, { recursive: true, force: true });
  });

  const toolPackage = (name: string, on: DownloadsHost, options: PublishOptions = {}) =>
    on.publishTool(name, { ...MANIFEST, id: name }, options);

  async function add(url: string) {
    return postJson(helper.port, '/downloads/add', { url, soft: 'Trusted Tool', path: 'trust' });
  }

  async function installedIds(): Promise<string[]> {
    const list = await postJson(helper.port, '/software/list');
    return (list.json() as Array<{ id: string }>).map((tool) => tool.id);
  }

  it('refuses a torrent URL outside the downloads host with a 403, and fetches nothing from it', async () => {
    const published = await toolPackage('foreign-tool', foreign);
    const refused = await add(published.torrentUrl);
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^The helper fetches torrents only from the portal's downloads host/),
    });
    // Another path on the right host and port is elsewhere too.
    const besideHost = await add(host.url('/elsewhere/foreign-tool.tar.gz.torrent'));
    expect(besideHost.status).toBe(403);
    expect(await readdir(downloadFolder)).toEqual([]);
  });

  it('refuses a web seed outside the downloads host', async () => {
    const published = await toolPackage('seeded-tool', host);
    const added = await add(published.torrentUrl);
    expect(added.status, added.text).toBe(200);
    const { hash } = added.json() as { hash: string };
    const seeds = await postJson(helper.port, '/downloads/addWebSeeds', {
      hash,
      list: [foreign.url('/dl/seeded-tool.tar.gz')],
    });
    expect(seeds.status).toBe(403);
    expect(seeds.json()).toEqual({
      message: expect.stringMatching(/^The helper fetches web seeds only from the portal's downloads host/),
    });
  });

  it('refuses a package whose manifest is signed by another key', async () => {
    const attacker = generateKeyPairSync('ed25519');
    const published = await toolPackage('other-key', host, { signingKey: attacker.privateKey });
    const refused = await add(published.torrentUrl);
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Package refused: the package manifest is not signed by the publishing key this helper trusts',
    });
  });

  it('trusts a package signed by any key of its list, the second too, and refuses an unlisted key', async () => {
    const next = generateKeyPairSync('ed25519');
    const rotating = await startHelper({
      packageTrust: { ...host.trust, publicKeys: [...host.trust.publicKeys, next.publicKey] },
    });
    try {
      const rotatingFolder = join(work, 'Rotating');
      await mkdir(rotatingFolder);
      const folder = await postJson(rotating.port, '/general/setDownloadFolder', { path: rotatingFolder });
      expect(folder.status, folder.text).toBe(200);
      const addTo = (url: string) =>
        postJson(rotating.port, '/downloads/add', { url, soft: 'Trusted Tool', path: 'trust' });

      const signedByNext = await toolPackage('next-key', host, { signingKey: next.privateKey });
      const added = await addTo(signedByNext.torrentUrl);
      expect(added.status, added.text).toBe(200);
      const { hash } = added.json() as { hash: string };
      await waitForDownload(rotating.port, hash, (item) => item.state === 'done');
      const installed = await postJson(rotating.port, '/downloads/install', { hash });
      expect(installed.status, installed.text).toBe(200);
      expect(installed.json()).toMatchObject({ id: 'next-key', version: '2.0.0' });

      const stranger = generateKeyPairSync('ed25519');
      const unlisted = await toolPackage('unlisted-key', host, { signingKey: stranger.privateKey });
      const refused = await addTo(unlisted.torrentUrl);
      expect(refused.status).toBe(422);
      expect(refused.json()).toEqual({
        message:
          'Package refused: the package manifest is not signed by the publishing key this helper trusts',
      });
    } finally {
      await rotating.close();
    }
  });

  it('refuses a manifest whose signed bytes were changed', async () => {
    const honest = await toolPackage('tampered-manifest', host);
    const served = await fetch(host.url('/dl/manifest/tampered-manifest.tar.gz'));
    const document = (await served.json()) as { manifest: string; signature: string };
    const manifest = JSON.parse(Buffer.from(document.manifest, 'base64').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...manifest, sha256: 'f'.repeat(64) })).toString('base64');
    await toolPackage('tampered-manifest', host, {
      manifestDocument: { manifest: forged, signature: document.signature },
    });
    const refused = await add(honest.torrentUrl);
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({
      message: expect.stringMatching(/not signed by the publishing key/),
    });
    const garbage = await toolPackage('garbage-manifest', host, { manifestDocument: { hello: 'world' } });
    expect((await add(garbage.torrentUrl)).status).toBe(422);
  });

  it('refuses a signed manifest that describes another file than the torrent', async () => {
    const published = await toolPackage('wrong-size', host, { manifest: { size: 1 } });
    const refused = await add(published.torrentUrl);
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Package refused: the signed manifest describes another package than this torrent',
    });
  });

  it('does not install a download whose SHA-256 differs from the signed manifest', async () => {
    const published = await toolPackage('wrong-hash', host, { manifest: { sha256: 'a'.repeat(64) } });
    const added = await add(published.torrentUrl);
    expect(added.status, added.text).toBe(200);
    const { hash } = added.json() as { hash: string };
    await waitForDownload(helper.port, hash, (item) => item.state === 'done');
    const refused = await postJson(helper.port, '/downloads/install', { hash });
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Software installation error: the package does not match the manifest the vendor signed',
    });
    expect(await installedIds()).not.toContain('wrong-hash');
  });

  it('does not install a downloaded file whose size changed after the download', async () => {
    const published = await toolPackage('grown', host);
    const added = await add(published.torrentUrl);
    const { hash } = added.json() as { hash: string };
    await waitForDownload(helper.port, hash, (item) => item.state === 'done');
    await appendFile(join(downloadFolder, 'trust', published.name), 'extra bytes');
    const refused = await postJson(helper.port, '/downloads/install', { hash });
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Software installation error: the package does not match the manifest the vendor signed',
    });
    expect(await installedIds()).not.toContain('grown');
  });

  it('does not install a package holding another version than the vendor signed', async () => {
    const published = await toolPackage('old-version', host, { version: '9.9.9' });
    const { hash } = (await add(published.torrentUrl)).json() as { hash: string };
    await waitForDownload(helper.port, hash, (item) => item.state === 'done');
    const refused = await postJson(helper.port, '/downloads/install', { hash });
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({
      message:
        'Software installation error: the package holds version 2.0.0, the vendor signed version 9.9.9',
    });
  });

  it('installs a package whose signed manifest matches, under the soft the vendor signed', async () => {
    const published = await toolPackage('signed-tool', host, { soft: 'Vendor Soft', version: '2.0.0' });
    const added = await add(published.torrentUrl);
    expect(added.json()).toMatchObject({ soft: 'Vendor Soft' });
    const { hash } = added.json() as { hash: string };
    await waitForDownload(helper.port, hash, (item) => item.state === 'done');
    const installed = await postJson(helper.port, '/downloads/install', { hash });
    expect(installed.status, installed.text).toBe(200);
    expect(installed.json()).toMatchObject({ id: 'signed-tool', version: '2.0.0', soft: 'Vendor Soft' });
  });

  it('downloads nothing when it trusts no publishing key', async () => {
    const keyless = await startHelper({ packageTrust: { ...host.trust, publicKeys: [] } });
    try {
      const published = await toolPackage('keyless', host);
      const refused = await postJson(keyless.port, '/downloads/add', {
        url: published.torrentUrl,
        soft: 'K',
      });
      expect(refused.status).toBe(409);
      expect(refused.json()).toMatchObject({ message: expect.stringMatching(/trusts no publishing key/) });
    } finally {
      await keyless.close();
    }
  });

  it('refuses a download path inside a hidden folder', async () => {
    const published = await toolPackage('hidden-path', host);
    for (const path of ['.ssh', 'tools/.config/autostart', join(downloadFolder, '.hidden')]) {
      const refused = await postJson(helper.port, '/downloads/add', {
        url: published.torrentUrl,
        soft: 'Hidden',
        path,
      });
      expect(refused.status, path).toBe(400);
      expect(refused.json(), path).toMatchObject({
        message: expect.stringMatching(/inside a hidden folder/),
      });
    }
    expect(await exists(join(downloadFolder, '.ssh'))).toBe(false);
  });
});
