import { mkdir, readdir, readFile, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  downloadFolderSchema,
  helperInfoSchema,
  helperPingResponseSchema,
} from '@benchside/contracts/helper';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { call, makeTempDir, PORTAL_ORIGIN, postJson, type RunningHelper, startHelper } from './support.ts';

const originalHome = process.env.HOME;
let home: string;

beforeAll(async () => {
  // os.homedir() follows HOME, so the default folder lands in a throw-away home.
  home = await makeTempDir('home');
  process.env.HOME = home;
});
afterAll(async () => {
  process.env.HOME = originalHome;
  await rm(home, { recursive: true, force: true });
});

const running: RunningHelper[] = [];
async function start(options: Parameters<typeof startHelper>[0] = {}): Promise<RunningHelper> {
  const helper = await startHelper(options);
  running.push(helper);
  return helper;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((helper) => helper.close()));
});

async function getFolder(port: number): Promise<string> {
  const response = await call(port, 'GET', '/general/getDownloadFolder');
  expect(response.status).toBe(200);
  return downloadFolderSchema.parse(response.json()).path;
}

describe('POST /general/ping', () => {
  it('answers ok with the helper version', async () => {
    const { port } = await start();
    const response = await postJson(port, '/general/ping');
    expect(response.status).toBe(200);
    expect(helperPingResponseSchema.parse(response.json())).toEqual({
      ok: true,
      version: packageJson.version,
    });
  });
});

describe('POST /general/info', () => {
  it('answers the version, its own port, and the download folder with the room left on its disk', async () => {
    const { port } = await start();
    const folder = join(home, 'info-folder');
    await mkdir(folder, { recursive: true });
    await postJson(port, '/general/setDownloadFolder', { path: folder });
    const response = await postJson(port, '/general/info', {}, { origin: PORTAL_ORIGIN });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
    const info = helperInfoSchema.parse(response.json());
    const { bavail, bsize } = await statfs(folder);
    expect(info).toEqual({
      version: packageJson.version,
      port,
      downloadFolder: { path: folder, exists: true, freeBytes: expect.any(Number) },
    });
    // The disk is shared with everything else running: the answer is near what statfs says now.
    expect(Math.abs((info.downloadFolder.freeBytes ?? 0) - bavail * bsize)).toBeLessThan(256 * 1024 * 1024);
  });

  it('makes the default folder a fresh install will download into, and answers its room', async () => {
    const { port } = await start();
    const folder = join(home, 'Downloads', 'Benchside');
    await rm(folder, { recursive: true, force: true });
    const response = await postJson(port, '/general/info');
    expect(response.status).toBe(200);
    expect(helperInfoSchema.parse(response.json()).downloadFolder).toEqual({
      path: folder,
      exists: true,
      freeBytes: expect.any(Number),
    });
    expect((await stat(folder)).isDirectory()).toBe(true);
  });

  it('says so when the download folder was removed, with no free space to report', async () => {
    const { port } = await start();
    const folder = join(home, 'removed-later');
    await mkdir(folder, { recursive: true });
    await postJson(port, '/general/setDownloadFolder', { path: folder });
    await rm(folder, { recursive: true });
    const response = await postJson(port, '/general/info');
    expect(response.status).toBe(200);
    expect(helperInfoSchema.parse(response.json()).downloadFolder).toEqual({
      path: folder,
      exists: false,
      freeBytes: null,
    });
  });

  it('gives a page of another site nothing: 403 without a CORS grant', async () => {
    const { port } = await start();
    const response = await postJson(port, '/general/info', {}, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'This origin may not use the helper' });
  });
});

describe('download folder', () => {
  it('defaults to ~/Downloads/Benchside', async () => {
    const { port } = await start();
    expect(await getFolder(port)).toBe(join(home, 'Downloads', 'Benchside'));
  });

  it('falls back to the config folder when the home folder is unusable', async () => {
    process.env.HOME = '/nonexistent/benchside-home';
    try {
      const helper = await start();
      expect(await getFolder(helper.port)).toBe(join(helper.configDir, 'downloads'));
    } finally {
      process.env.HOME = home;
    }
  });

  it('takes an existing folder, answers it and keeps it across a restart', async () => {
    const configDir = await makeTempDir('config');
    const target = join(home, 'new', 'nested', 'Benchside downloads');
    // Issue 15: the helper no longer creates the folder a page names (download-folder-rule.test.ts).
    await mkdir(target, { recursive: true });
    const first = await start({ configDir });
    const response = await postJson(first.port, '/general/setDownloadFolder', { path: target });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ path: target });
    expect((await stat(target)).isDirectory()).toBe(true);
    expect(await readdir(target)).toEqual([]);
    expect(await getFolder(first.port)).toBe(target);

    await first.close();
    const second = await start({ configDir });
    expect(await getFolder(second.port)).toBe(target);
    await rm(configDir, { recursive: true, force: true });
  });

  it('stores the normalised path', async () => {
    const { port } = await start();
    await mkdir(join(home, 'b'), { recursive: true });
    const response = await postJson(port, '/general/setDownloadFolder', { path: `${home}/a/../b/` });
    expect(response.json()).toEqual({ path: join(home, 'b') });
    expect(await getFolder(port)).toBe(join(home, 'b'));
  });

  it('writes the settings as JSON and leaves no temporary file behind', async () => {
    const helper = await start();
    const target = join(home, 'settings-check');
    await mkdir(target, { recursive: true });
    await postJson(helper.port, '/general/setDownloadFolder', { path: target });
    const names = await readdir(helper.configDir);
    expect(names).toContain('settings.json');
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(JSON.parse(await readFile(join(helper.configDir, 'settings.json'), 'utf8'))).toEqual({
      downloadFolder: target,
    });
  });

  it('keeps the last of several quick changes', async () => {
    const configDir = await makeTempDir('config');
    const helper = await start({ configDir });
    const targets = Array.from({ length: 8 }, (_, index) => join(home, `quick-${index}`));
    for (const target of targets) await mkdir(target, { recursive: true });
    for (const response of await Promise.all(
      targets.map((path) => postJson(helper.port, '/general/setDownloadFolder', { path })),
    )) {
      expect(response.status).toBe(200);
    }
    const answered = await getFolder(helper.port);
    await helper.close();
    const restarted = await start({ configDir });
    expect(await getFolder(restarted.port)).toBe(answered);
    await rm(configDir, { recursive: true, force: true });
  });

  it.each([
    [{ path: 'relative/folder' }, 'path', 'The folder must be an absolute path'],
    [{ path: '' }, 'path', 'The folder is required'],
    [{ path: 42 }, 'path', 'Invalid input: expected string, received number'],
    [{}, 'path', 'Invalid input: expected string, received undefined'],
    [{ path: '/tmp/a\u0000b' }, 'path', 'The folder path must not contain a NUL character'],
    [{ path: 'C:\\Users\\tech\\Downloads' }, 'path', 'The folder must be an absolute path'],
  ])('refuses %j with a 400 naming the field', async (body, propertyPath, message) => {
    const { port } = await start();
    const before = await getFolder(port);
    const response = await postJson(port, '/general/setDownloadFolder', body);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ violations: [{ propertyPath, message }] });
    expect(await getFolder(port)).toBe(before);
  });

  it('refuses a folder below a file', async () => {
    const { port } = await start();
    const file = join(home, 'a-file');
    await writeFile(file, 'x');
    const response = await postJson(port, '/general/setDownloadFolder', { path: join(file, 'sub') });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      message: `The folder ${join(file, 'sub')} does not exist; create it first`,
      violations: [{ propertyPath: 'path', message: 'The folder does not exist; create it first' }],
    });
  });

  it('refuses a path that is a file', async () => {
    const { port } = await start();
    const file = join(home, 'plain-file');
    await writeFile(file, 'x');
    const response = await postJson(port, '/general/setDownloadFolder', { path: file });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ message: `${file} is not a folder` });
  });

  it.runIf(process.platform === 'linux')('refuses a folder that cannot hold files', async () => {
    // Even root cannot create files in /proc/self, so this holds whoever runs the tests.
    const { port } = await start();
    const response = await postJson(port, '/general/setDownloadFolder', { path: '/proc/self' });
    expect(response.status).toBe(400);
    // Issue 15: /proc is a system folder, refused before the write probe is tried.
    expect(response.json()).toMatchObject({ message: 'The folder /proc/self is a system folder' });
  });
});

describe('settings file', () => {
  it('falls back to defaults with a logged warning when the file is corrupt', async () => {
    const configDir = await makeTempDir('config');
    await mkdir(configDir, { recursive: true });
    await writeFile(join(configDir, 'settings.json'), '{"downloadFolder": "/tmp/half-writ');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const helper = await start({ configDir, logger: { level: 'warn', stream } });
    expect(await getFolder(helper.port)).toBe(join(home, 'Downloads', 'Benchside'));
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringContaining('is not valid JSON') }),
    );

    // The next change repairs the file.
    const target = join(home, 'after-corruption');
    await mkdir(target, { recursive: true });
    await postJson(helper.port, '/general/setDownloadFolder', { path: target });
    expect(JSON.parse(await readFile(join(configDir, 'settings.json'), 'utf8'))).toEqual({
      downloadFolder: target,
    });
    await rm(configDir, { recursive: true, force: true });
  });

  it('falls back to defaults when the JSON is not helper settings', async () => {
    const configDir = await makeTempDir('config');
    await writeFile(join(configDir, 'settings.json'), '{"downloadFolder": 17}');
    const helper = await start({ configDir });
    expect(await getFolder(helper.port)).toBe(join(home, 'Downloads', 'Benchside'));
    await rm(configDir, { recursive: true, force: true });
  });
});
