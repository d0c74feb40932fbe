import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installedToolSchema } from '@benchside/contracts/helper';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DownloadsHost,
  exists,
  makeZip,
  type PublishedPackage,
  renameInZip,
  UNLOCK_TOOL,
  waitForDownload,
  waitForFile,
  writeToolFolder,
} from './packages.ts';
import { makeTempDir, postJson, type RunningHelper, startHelper } from './support.ts';

describe('installing and running tools', { timeout: 30_000 }, () => {
  let work: string;
  let helper: RunningHelper;
  let host: DownloadsHost;
  let toolsFolder: string;

  beforeAll(async () => {
    work = await makeTempDir('software');
    host = new DownloadsHost(join(work, 'host'));
    await host.start();
    helper = await startHelper({ packageTrust: host.trust });
    toolsFolder = join(helper.configDir, 'tools');
    const downloads = join(work, 'Downloads');
    await mkdir(downloads);
    expect((await postJson(helper.port, '/general/setDownloadFolder', { path: downloads })).status).toBe(200);
  });
  afterAll(async () => {
    await helper.close();
    await host.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Builds a package, publishes it, downloads it through the helper: answers the download hash. */
  async function downloaded(published: PublishedPackage, soft: string): Promise<string> {
    const added = await postJson(helper.port, '/downloads/add', {
      url: published.torrentUrl,
      soft,
      path: published.name,
    });
    expect(added.status, added.text).toBe(200);
    const { hash } = added.json() as { hash: string };
    await waitForDownload(helper.port, hash, (item) => item.state === 'done');
    return hash;
  }

  it('installs a tar.gz package whose hash matches into tools/<soft>/<version>, lists and runs it', async () => {
    const marker = join(work, 'ran-unlock-tool.txt');
    const manifest = { ...UNLOCK_TOOL, args: [marker, '$(touch /tmp/pwned) ; echo "quoted" *'] };
    const hash = await downloaded(await host.publishTool('unlock-tool-1.2.0', manifest), 'Unlock Tool');

    const installed = await postJson(helper.port, '/downloads/install', { hash });
    expect(installed.status, installed.text).toBe(200);
    const tool = installedToolSchema.parse(installed.json());
    expect(tool).toMatchObject({
      id: 'unlock-tool',
      name: 'Unlock Tool',
      version: '1.2.0',
      soft: 'Unlock Tool',
    });
    expect(tool.folder).toBe(join(toolsFolder, 'Unlock-Tool', '1.2.0'));
    expect(await readFile(join(tool.folder, 'README.txt'), 'utf8')).toBe('Unlock Tool 1.2.0\n');
    // The staging folder is gone: only the tool's own folder is left.
    expect(await readdir(toolsFolder)).toEqual(['Unlock-Tool']);

    const run = await postJson(helper.port, '/software/run', { id: 'unlock-tool' });
    expect(run.status, run.text).toBe(200);
    await waitForFile(marker);
    // Run in its folder, with the manifest's arguments exactly as written: no shell saw them.
    expect(await readFile(marker, 'utf8')).toBe(
      [tool.folder, '$(touch /tmp/pwned) ; echo "quoted" *'].join('\n'),
    );
  });

  it('installs a zip package made without Unix modes, and lists tools sorted by name', async () => {
    const folder = join(work, 'src', 'flash-box');
    await mkdir(folder, { recursive: true });
    const marker = join(work, 'ran-flash-box.txt');
    const manifest = { ...UNLOCK_TOOL, id: 'flash-box', name: 'Flash Box', version: '3.0.1', args: [marker] };
    const archive = join(work, 'flash-box.zip');
    await makeZip(
      {
        'benchside-tool.json': JSON.stringify(manifest),
        'bin/tool.mjs': `#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
writeFileSync(process.argv[2], 'flash');
`,
        'data/models.txt': 'A1\nA2\n',
      },
      archive,
    );
    const hash = await downloaded(await host.publish(archive, 'flash-box.zip'), 'Flash Box');

    const installed = await postJson(helper.port, '/downloads/install', { hash });
    expect(installed.status, installed.text).toBe(200);
    expect(installed.json()).toMatchObject({ folder: join(toolsFolder, 'Flash-Box', '3.0.1') });

    const list = await postJson(helper.port, '/software/list');
    expect(list.status).toBe(200);
    expect(
      (list.json() as Array<{ name: string; version: string }>).map((tool) => [tool.name, tool.version]),
    ).toEqual([
      ['Flash Box', '3.0.1'],
      ['Unlock Tool', '1.2.0'],
    ]);
    expect((await postJson(helper.port, '/software/run', { id: 'flash-box' })).status).toBe(200);
    await waitForFile(marker);
    expect(await readFile(marker, 'utf8')).toBe('flash');
  });

  it('refuses a package whose hash does not match the manifest the vendor signed, or that has none', async () => {
    const published = await host.publishTool(
      'tampered',
      { ...UNLOCK_TOOL, id: 'tampered', name: 'Tampered' },
      { manifest: { sha256: 'f'.repeat(64) } },
    );
    const hash = await downloaded(published, 'Tampered');
    const refused = await postJson(helper.port, '/downloads/install', { hash });
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Software installation error: the package does not match the manifest the vendor signed',
    });

    expect((await postJson(helper.port, '/downloads/remove', { hash })).status).toBe(200);
    // No manifest on the downloads host: the helper does not even download it.
    const unsigned = await host.publishTool(
      'tampered',
      { ...UNLOCK_TOOL, id: 'tampered', name: 'Tampered' },
      { manifestDocument: null },
    );
    const noManifest = await postJson(helper.port, '/downloads/add', {
      url: unsigned.torrentUrl,
      soft: 'Tampered',
    });
    expect(noManifest.status).toBe(422);
    expect(noManifest.json()).toMatchObject({
      message: expect.stringMatching(/^Package refused: the package manifest is not a signed manifest/),
    });

    const names = (await postJson(helper.port, '/software/list')).json() as Array<{ id: string }>;
    expect(names.map((tool) => tool.id)).not.toContain('tampered');
  });

  it('refuses a tar.gz with a ".." entry and writes nothing outside the tools folder', async () => {
    const folder = join(work, 'src', 'evil-tar', 'inner');
    await writeToolFolder(folder, { ...UNLOCK_TOOL, id: 'evil-tar', name: 'Evil tar' });
    const archive = join(work, 'evil.tar.gz');
    await writeFile(join(work, 'src', 'escaped.txt'), 'escape');
    // Paths as written, `..` included: what an attacker's archive holds.
    await tar.c({ gzip: true, file: archive, cwd: folder, preservePaths: true }, [
      'benchside-tool.json',
      'bin/tool.mjs',
      '../../escaped.txt',
    ]);
    const hash = await downloaded(await host.publish(archive, 'evil.tar.gz'), 'Evil');
    const refused = await postJson(helper.port, '/downloads/install', { hash });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({
      message: expect.stringMatching(/^Software installation error: .*\.\./),
    });
    expect(await exists(join(helper.configDir, 'escaped.txt'))).toBe(false);
    expect(await exists(join(toolsFolder, 'Evil'))).toBe(false);
    expect((await readdir(toolsFolder)).filter((name) => name.startsWith('.staging'))).toEqual([]);
  });

  it('refuses a zip with a ".." entry', async () => {
    const archive = join(work, 'evil.zip');
    await makeZip(
      {
        'benchside-tool.json': JSON.stringify({ ...UNLOCK_TOOL, id: 'evil-zip', name: 'Evil zip' }),
        'bin/tool.mjs': '#!/usr/bin/env node\n',
        'xx/xx/escaped-zip.txt': 'escape',
      },
      archive,
    );
    await renameInZip(archive, 'xx/xx/escaped-zip.txt', '../../escaped-zip.txt');
    const hash = await downloaded(await host.publish(archive, 'evil.zip'), 'Evil zip');
    const refused = await postJson(helper.port, '/downloads/install', { hash });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({
      message: expect.stringMatching(/^Software installation error: .*relative path/),
    });
    expect(await exists(join(helper.configDir, 'escaped-zip.txt'))).toBe(false);
    expect(await exists(join(toolsFolder, 'escaped-zip.txt'))).toBe(false);
  });

  it('asks for isSoftwareUpdate before replacing an installed version, then replaces it', async () => {
    const published = await host.publishTool('unlock-tool-1.3.0', { ...UNLOCK_TOOL, version: '1.3.0' });
    const hash = await downloaded(published, 'Unlock Tool');
    const refused = await postJson(helper.port, '/downloads/install', { hash });
    expect(refused.status).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'Software installation error: Unlock Tool 1.2.0 is installed; install 1.3.0 as a software update',
    });
    const updated = await postJson(helper.port, '/downloads/install', { hash, isSoftwareUpdate: true });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json()).toMatchObject({
      version: '1.3.0',
      folder: join(toolsFolder, 'Unlock-Tool', '1.3.0'),
    });
    expect(await readdir(join(toolsFolder, 'Unlock-Tool'))).toEqual(['1.3.0']);
  });

  it('refuses to install an unfinished or unknown download', async () => {
    const unknown = await postJson(helper.port, '/downloads/install', { hash: 'a'.repeat(40) });
    expect(unknown.status).toBe(404);
    const malformed = await postJson(helper.port, '/downloads/install', { hash: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({ violations: [{ propertyPath: 'hash' }] });
  });

  it('runs only installed tools, by id', async () => {
    const unknown = await postJson(helper.port, '/software/run', { id: '/bin/sh' });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'Error running tool: there is no installed tool with the id "/bin/sh"',
    });
    const missing = await postJson(helper.port, '/software/run', {});
    expect(missing.status).toBe(400);
  });
});
