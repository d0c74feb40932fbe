import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  downloadItemSchema,
  helperSettingsSchema,
  MAX_DOWNLOAD_LIMIT_KBPS,
} from '@benchside/contracts/helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_FILE_NAME } from '../src/settings-store.ts';
import { writeRandomFile } from './downloads/fixtures.ts';
import { DownloadsHost, listDownloads, waitForDownload } from './packages.ts';
import { call, makeTempDir, PORTAL_ORIGIN, postJson, type RunningHelper, startHelper } from './support.ts';

const MB = 1024 * 1024;
const KB = 1000;

describe('/general/getSettings and /general/setSettings', { timeout: 60_000 }, () => {
  let work: string;
  let downloadFolder: string;
  let host: DownloadsHost;
  const running: RunningHelper[] = [];

  beforeAll(async () => {
    work = await makeTempDir('download-settings');
    downloadFolder = join(work, 'Downloads');
    await mkdir(downloadFolder);
    host = new DownloadsHost(join(work, 'host'));
    // As fast as loopback goes: whatever slows a download down is the helper's limit.
    await host.start();
  });
  afterAll(async () => {
    for (const helper of running.splice(0)) await helper.close();
    await host.close();
    await rm(work, { recursive: true, force: true });
  });

  async function start(configDir?: string): Promise<RunningHelper> {
    const helper = await startHelper({
      packageTrust: host.trust,
      ...(configDir === undefined ? {} : { configDir }),
    });
    running.push(helper);
    await postJson(helper.port, '/general/setDownloadFolder', { path: downloadFolder });
    return helper;
  }

  async function stop(helper: RunningHelper): Promise<void> {
    running.splice(running.indexOf(helper), 1);
    await helper.close();
  }

  async function downloadedBytes(port: number, hash: string): Promise<number> {
    const listed = await postJson(port, '/downloads/list', {});
    const items = (listed.json() as unknown[]).map((item) => downloadItemSchema.parse(item));
    return items.find((item) => item.hash === hash)?.downloaded ?? 0;
  }

  async function settingsOf(port: number) {
    const response = await postJson(port, '/general/getSettings', {}, { origin: PORTAL_ORIGIN });
    expect(response.status).toBe(200);
    return helperSettingsSchema.parse(response.json());
  }

  async function add(port: number, name: string, size: number): Promise<string> {
    const file = join(work, name);
    await writeRandomFile(file, size);
    const published = await host.publish(file, name);
    const added = await postJson(port, '/downloads/add', { url: published.torrentUrl, soft: 'Settings' });
    expect(added.status, added.text).toBe(200);
    return downloadItemSchema.parse(added.json()).hash;
  }

  it('starts with no limit and no pause, and keeps each change on disk', async () => {
    const helper = await start();
    expect(await settingsOf(helper.port)).toEqual({ downloadLimitKBps: 0, pauseAtStartup: false });

    const changed = await postJson(
      helper.port,
      '/general/setSettings',
      { downloadLimitKBps: 2048 },
      { origin: PORTAL_ORIGIN },
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json()).toEqual({ downloadLimitKBps: 2048, pauseAtStartup: false });
    const paused = await postJson(helper.port, '/general/setSettings', { pauseAtStartup: true });
    expect(paused.json()).toEqual({ downloadLimitKBps: 2048, pauseAtStartup: true });

    const file = JSON.parse(await readFile(join(helper.configDir, SETTINGS_FILE_NAME), 'utf8'));
    expect(file).toMatchObject({ downloadLimitKBps: 2048, pauseAtStartup: true, downloadFolder });
  });

  it('refuses hostile values with 400 and keeps the settings as they were', async () => {
    const helper = await start();
    await postJson(helper.port, '/general/setSettings', { downloadLimitKBps: 500 });
    const hostile: Array<[body: unknown, message: unknown]> = [
      [{ downloadLimitKBps: -1 }, 'downloadLimitKBps: The speed limit must not be negative'],
      [{ downloadLimitKBps: 1.5 }, 'downloadLimitKBps: The speed limit must be a whole number of KB/s'],
      [
        { downloadLimitKBps: MAX_DOWNLOAD_LIMIT_KBPS + 1 },
        `downloadLimitKBps: The speed limit must be at most ${MAX_DOWNLOAD_LIMIT_KBPS} KB/s`,
      ],
      [{ downloadLimitKBps: 1e308 }, expect.stringMatching(/^downloadLimitKBps: The speed limit must be/)],
      [{ downloadLimitKBps: '100' }, 'downloadLimitKBps: The speed limit must be a number'],
      [{ downloadLimitKBps: null }, 'downloadLimitKBps: The speed limit must be a number'],
      [{ pauseAtStartup: 'yes' }, 'pauseAtStartup: Pause at startup must be true or false'],
      [{}, 'Give at least one setting to change'],
      // Not a way to move the download folder around its own checks.
      [{ downloadFolder: '/etc' }, expect.stringMatching(/Unrecognized key.*downloadFolder/)],
      [[], expect.any(String)],
    ];
    for (const [body, message] of hostile) {
      const refused = await postJson(helper.port, '/general/setSettings', body, { origin: PORTAL_ORIGIN });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json(), JSON.stringify(body)).toMatchObject({ message });
    }
    const prototype = await call(helper.port, 'POST', '/general/setSettings', {
      headers: { 'content-type': 'application/json' },
      rawBody: '{"__proto__": {"pauseAtStartup": true}, "constructor": {"prototype": {"x": 1}}}',
    });
    expect(prototype.status).toBe(400);
    expect(await settingsOf(helper.port)).toEqual({ downloadLimitKBps: 500, pauseAtStartup: false });
    expect(({} as Record<string, unknown>).pauseAtStartup).toBeUndefined();
  });

  it('refuses another origin, before and after the preflight', async () => {
    const helper = await start();
    for (const path of ['/general/getSettings', '/general/setSettings']) {
      const foreign = await postJson(
        helper.port,
        path,
        { pauseAtStartup: true },
        { origin: 'https://evil.example' },
      );
      expect(foreign.status, path).toBe(403);
      expect(foreign.json()).toEqual({ message: 'This origin may not use the helper' });
      const preflight = await call(helper.port, 'OPTIONS', path, {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status, path).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(await settingsOf(helper.port)).toEqual({ downloadLimitKBps: 0, pauseAtStartup: false });
  });

  it('keeps a real transfer from a local web seed under the speed limit, and lifts it', async () => {
    const helper = await start();
    const limitKBps = 1024;
    await postJson(helper.port, '/general/setSettings', { downloadLimitKBps: limitKBps });
    const hash = await add(helper.port, 'limited.bin', 24 * MB);
    const sample = async () => ({ at: performance.now(), bytes: await downloadedBytes(helper.port, hash) });

    // The first second may use the limiter's one-second bucket; the rate is read after it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const from = await sample();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const to = await sample();
    const bytesPerSecond = (to.bytes - from.bytes) / ((to.at - from.at) / 1000);

    expect(bytesPerSecond).toBeLessThanOrEqual(limitKBps * KB * 1.2);
    // Limited, not stalled.
    expect(bytesPerSecond).toBeGreaterThan(limitKBps * KB * 0.5);

    // Lifted, the running transfer goes at loopback speed again: the rest in a few seconds.
    await postJson(helper.port, '/general/setSettings', { downloadLimitKBps: 0 });
    await waitForDownload(helper.port, hash, (seen) => seen.state === 'done', 8_000);
  });

  it('leaves downloads stopped on the next start when "pause at startup" is on', async () => {
    const configDir = await makeTempDir('pause-config');
    const first = await start(configDir);
    // Slow enough that the download is still running when the helper stops.
    await postJson(first.port, '/general/setSettings', { downloadLimitKBps: 256, pauseAtStartup: true });
    const hash = await add(first.port, 'paused.bin', 8 * MB);
    await waitForDownload(first.port, hash, (seen) => seen.progress > 0);
    await stop(first);

    const sentBefore = host.bytesSent;
    const second = await start(configDir);
    const [item] = await listDownloads(second.port);
    expect(item).toMatchObject({ hash, state: 'stopped' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(host.bytesSent).toBe(sentBefore);

    const started = await postJson(second.port, '/downloads/start', { hash });
    expect(started.status).toBe(200);
    await waitForDownload(second.port, hash, (seen) => seen.state === 'downloading' && seen.progress > 0);
    await stop(second);
    await rm(configDir, { recursive: true, force: true });
  });
});
