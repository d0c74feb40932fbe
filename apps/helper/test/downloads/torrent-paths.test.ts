import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadManager } from '../../src/downloads/download-manager.ts';
import { makeTempDir } from '../support.ts';
import { bencode, loopbackWebSeedsOnly, PIECE_LENGTH, torrentWithPaths } from './fixtures.ts';

describe('download locations', { timeout: 15_000 }, () => {
  let work: string;
  let downloadFolder: string;
  let outside: string;
  let manager: DownloadManager;

  beforeEach(async () => {
    work = await makeTempDir('paths');
    downloadFolder = join(work, 'Downloads');
    outside = join(work, 'outside');
    await mkdir(downloadFolder, { recursive: true });
    await mkdir(outside);
    manager = await DownloadManager.open({
      stateDir: join(work, 'config'),
      downloadFolder: () => downloadFolder,
      webSeedAllowed: loopbackWebSeedsOnly,
    });
  });

  afterEach(async () => {
    await manager.close();
    await rm(work, { recursive: true, force: true });
  });

  async function expectRefused(torrent: Buffer, path: string, message: RegExp): Promise<void> {
    await expect(manager.add({ torrent, soft: 'Tool', path })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(message),
    });
    expect(manager.list()).toEqual([]);
    expect(await readdir(outside)).toEqual([]);
  }

  it.each([
    ['a parent-folder component', [['..', '..', 'outside', 'evil.sh']], /component "\.\." is not allowed/],
    ['a dot component', [['.', 'evil.sh']], /component "\." is not allowed/],
    ['an empty component', [['', 'evil.sh']], /component "" is not allowed/],
    ['an absolute path', [['/etc/passwd']], /"\/etc\/passwd" contains a path separator/],
    ['a drive letter', [['C:', 'Windows', 'evil.dll']], /"C:" contains a path separator, a drive letter/],
    ['a backslash separator', [['..\\..\\evil.dll']], /contains a path separator/],
    ['a slash inside a component', [['sub/../../evil.sh']], /contains a path separator/],
    [
      'a control character',
      [['evil\u0000.sh']],
      /contains a path separator, a drive letter or a reserved character/,
    ],
  ])('refuses a torrent whose file path has %s', async (_case, paths, message) => {
    await expectRefused(torrentWithPaths('package', paths), '', message);
  });

  it('refuses a torrent whose name climbs out of the folder', async () => {
    await expectRefused(torrentWithPaths('..', [['evil.sh']]), '', /component "\.\." is not allowed/);
  });

  it('refuses a hostile UTF-8 path even when the plain path looks harmless', async () => {
    const torrent = bencode({
      info: {
        name: 'package',
        'piece length': PIECE_LENGTH,
        pieces: Buffer.alloc(20),
        files: [{ length: 10, path: ['readme.txt'], 'path.utf-8': ['..', '..', 'evil.sh'] }],
      },
    });
    await expectRefused(torrent, '', /component "\.\." is not allowed/);
  });

  it('refuses a download folder outside the download folder', async () => {
    const torrent = torrentWithPaths('package', [['tool.bin']]);
    await expectRefused(torrent, '../outside', /outside the download folder/);
    await expectRefused(torrent, outside, /outside the download folder/);
  });

  it('refuses a symbolic link that leads out of the download folder', async () => {
    await symlink(outside, join(downloadFolder, 'escape'));
    const torrent = torrentWithPaths('package', [['tool.bin']]);

    await expectRefused(torrent, 'escape', /leads outside the download folder .* through a link/);
    await expectRefused(torrent, 'escape/deeper', /leads outside the download folder .* through a link/);
  });

  it('refuses a torrent whose file would be written through a link placed in the folder', async () => {
    await mkdir(join(downloadFolder, 'tools'));
    await symlink(outside, join(downloadFolder, 'tools', 'package'));
    await expectRefused(torrentWithPaths('package', [['tool.bin']]), 'tools', /through a link/);

    await writeFile(join(outside, 'victim.txt'), 'keep me');
    await rm(join(downloadFolder, 'tools', 'package'));
    await symlink(join(outside, 'victim.txt'), join(downloadFolder, 'tools', 'victim.txt'));
    const single = bencode({
      info: { name: 'victim.txt', 'piece length': PIECE_LENGTH, pieces: Buffer.alloc(20), length: 10 },
    });
    await expect(manager.add({ torrent: single, soft: 'Tool', path: 'tools' })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/through a link/),
    });
  });

  it('accepts a link that stays inside the download folder', async () => {
    await mkdir(join(downloadFolder, 'real'));
    await symlink(join(downloadFolder, 'real'), join(downloadFolder, 'alias'));
    const item = await manager.add({
      torrent: torrentWithPaths('package', [['bin', 'tool.bin']]),
      soft: 'T',
      path: 'alias',
    });
    expect(item.path).toBe(join(downloadFolder, 'alias'));
  });
});
