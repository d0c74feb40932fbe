import { chown, mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenLocation } from '../src/download-folder.ts';
import { call, makeTempDir, postJson, type RunningHelper, startHelper } from './support.ts';

const NOBODY = 65534;

/**
 * Issue 15 item 9: the page chooses the download folder, so the helper decides which folders may
 * hold downloads: an existing directory of this user, not a hidden settings folder, not the system.
 */
describe('the download folder rule', () => {
  let home: string;
  let helper: RunningHelper;

  beforeAll(async () => {
    home = await makeTempDir('folder-rule');
    helper = await startHelper();
  });
  afterAll(async () => {
    await helper.close();
    await rm(home, { recursive: true, force: true });
  });

  async function refused(path: string): Promise<{ message: string; violations: unknown }> {
    const before = await call(helper.port, 'GET', '/general/getDownloadFolder');
    const response = await postJson(helper.port, '/general/setDownloadFolder', { path });
    expect(response.status, path).toBe(400);
    const after = await call(helper.port, 'GET', '/general/getDownloadFolder');
    expect(after.json()).toEqual(before.json());
    return response.json() as { message: string; violations: unknown };
  }

  it('accepts an existing folder of this user', async () => {
    const folder = join(home, 'Benchside downloads');
    await mkdir(folder);
    const response = await postJson(helper.port, '/general/setDownloadFolder', { path: folder });
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({ path: folder });
  });

  it('refuses a folder that does not exist instead of creating it', async () => {
    const missing = join(home, 'not', 'there');
    expect(await refused(missing)).toEqual({
      message: `The folder ${missing} does not exist; create it first`,
      violations: [{ propertyPath: 'path', message: 'The folder does not exist; create it first' }],
    });
  });

  it.each(['.ssh', '.config/autostart', 'projects/.git/hooks'])(
    'refuses the hidden settings folder ~/%s',
    async (hidden) => {
      const folder = join(home, hidden);
      await mkdir(folder, { recursive: true });
      expect(await refused(folder)).toMatchObject({
        message: `The folder ${folder} is inside a hidden folder (a name starting with "."), where programs keep their settings`,
      });
    },
  );

  it('refuses a link that leads into a hidden folder', async () => {
    await mkdir(join(home, '.local', 'share'), { recursive: true });
    const link = join(home, 'innocent-looking');
    await symlink(join(home, '.local', 'share'), link);
    expect((await refused(link)).message).toMatch(/inside a hidden folder/);
  });

  it
    .runIf(process.platform === 'linux')
    .each(['/etc', '/usr/share', '/var/tmp', '/boot', '/bin', '/lib', '/'])(
    'refuses the system folder %s',
    async (system) => {
      expect((await refused(system)).message).toMatch(/is a system folder|is the root of the file system/);
    },
  );

  it.runIf(process.platform !== 'win32')('refuses a folder that belongs to another user', async () => {
    let folder = '/tmp';
    if (process.getuid?.() === 0) {
      folder = join(home, 'someone-else');
      await mkdir(folder);
      await chown(folder, NOBODY, NOBODY);
    }
    expect(await refused(folder)).toMatchObject({ message: `The folder ${folder} belongs to another user` });
  });

  it.each([
    ['C:\\Windows\\Temp', 'is a system folder'],
    ['c:\\Program Files (x86)\\Vendor', 'is a system folder'],
    ['C:\\ProgramData', 'is a system folder'],
    ['C:\\Users\\tech\\AppData\\Roaming\\.benchside', 'is inside a hidden folder'],
    ['C:\\', 'is the root of the file system'],
    ['/lib64', 'is a system folder'],
    ['/proc/self', 'is a system folder'],
    ['/home/tech/.ssh', 'is inside a hidden folder'],
  ])('judges %s: %s', (path, reason) => {
    expect(forbiddenLocation(path)).toMatch(new RegExp(`^${reason.replace(/[()]/g, '\\$&')}`));
  });

  it.each(['/home/tech/Downloads', 'C:\\Users\\tech\\Downloads', '/tmp/bench', '/library/files'])(
    'allows %s',
    (path) => {
      expect(forbiddenLocation(path)).toBeUndefined();
    },
  );
});
