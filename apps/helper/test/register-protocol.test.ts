import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_FILE_NAME, registerProtocol } from '../src/desktop/register-protocol.ts';
import { makeTempDir } from './support.ts';

describe('benchside-helper --register-protocol', () => {
  let work: string;
  beforeAll(async () => {
    work = await makeTempDir('protocol');
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  const command = ['/usr/bin/node', '/opt/Bench side/bin/benchside-helper.js'];

  it('writes a desktop entry for the scheme and makes it the default with xdg-mime', async () => {
    const bin = join(work, 'bin');
    await mkdir(bin, { recursive: true });
    const calls = join(work, 'xdg-mime-calls.txt');
    await writeFile(join(bin, 'xdg-mime'), `#!/bin/sh\necho "$@" >> '${calls}'\n`);
    await chmod(join(bin, 'xdg-mime'), 0o755);
    const dataHome = join(work, 'data');

    const result = await registerProtocol({
      command,
      env: { XDG_DATA_HOME: dataHome, PATH: `${bin}:/usr/bin:/bin` },
    });

    expect(result.outcome).toBe('registered');
    expect(result.desktopFile).toBe(join(dataHome, 'applications', DESKTOP_FILE_NAME));
    const entry = await readFile(result.desktopFile, 'utf8');
    expect(entry).toContain('[Desktop Entry]\nType=Application\n');
    expect(entry).toContain('Exec=/usr/bin/node "/opt/Bench side/bin/benchside-helper.js" %u\n');
    expect(entry).toContain('MimeType=x-scheme-handler/benchside-helper;\n');
    expect(entry).toContain('NoDisplay=true\n');
    expect(await readFile(calls, 'utf8')).toBe(
      `default ${DESKTOP_FILE_NAME} x-scheme-handler/benchside-helper\n`,
    );
  });

  it('says what to run when xdg-mime is not installed', async () => {
    const dataHome = join(work, 'data-without-xdg');
    const result = await registerProtocol({
      command,
      env: { XDG_DATA_HOME: dataHome, PATH: join(work, 'empty') },
    });
    expect(result.outcome).toBe('xdg-mime-missing');
    expect(result.lines.join('\n')).toContain(
      `run: xdg-mime default ${DESKTOP_FILE_NAME} x-scheme-handler/benchside-helper`,
    );
    expect(await readFile(join(dataHome, 'applications', DESKTOP_FILE_NAME), 'utf8')).toContain('Exec=');
  });
});
