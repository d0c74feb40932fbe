import { execFile, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packagePublicKeyText } from '@benchside/server/package-signing';
import { extract, list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { INSTALLER_INPUTS_PATH, INSTALLER_PATH, INSTALLER_TRUST_PATH, packHelper } from '../scripts/pack.ts';
import { freePort, makeTempDir, postJson } from './support.ts';

const run = promisify(execFile);
let unpacked: string;
/** The portal the installer is packed for, as `npm start` packs it for its PUBLIC_URL. */
const PORTAL = 'https://portal.example.com';
const PACKAGE_KEY = packagePublicKeyText(generateKeyPairSync('ed25519').publicKey);

// Bundling the whole helper with esbuild takes a few seconds on a busy machine.
describe('the helper installer (npm run pack:helper)', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await packHelper({ portalUrl: PORTAL, downloadsHost: `${PORTAL}/dl`, packageKeys: [PACKAGE_KEY] });
    // Outside the repository: no node_modules above it, so nothing can come from the workspace.
    unpacked = await makeTempDir('installer');
    await extract({ file: INSTALLER_PATH, cwd: unpacked });
  });

  afterAll(async () => {
    await rm(unpacked, { recursive: true, force: true });
  });

  it('holds one bundled program, a manifest naming only the optional native binding, and a readme', async () => {
    const entries: string[] = [];
    await list({ file: INSTALLER_PATH, onReadEntry: (entry) => void entries.push(entry.path) });
    expect(entries.sort()).toEqual([
      'package/',
      'package/README.md',
      'package/bin/',
      'package/bin/benchside-helper.js',
      'package/bin/benchside-helper.js.LEGAL.txt',
      'package/package.json',
    ]);
    const manifest = JSON.parse(await readFile(join(unpacked, 'package', 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'benchside-helper',
      version: packageJson.version,
      bin: { 'benchside-helper': 'bin/benchside-helper.js' },
      optionalDependencies: { pcsclite: packageJson.optionalDependencies.pcsclite },
    });
    expect(manifest.dependencies).toBeUndefined();
  });

  it('embeds the portal, its downloads host and its publishing key, and records them beside it', async () => {
    const bundle = await readFile(join(unpacked, 'package', 'bin', 'benchside-helper.js'), 'utf8');
    expect(bundle).toContain(PACKAGE_KEY);
    expect(bundle).toContain(`${PORTAL}/dl`);
    expect(JSON.parse(await readFile(INSTALLER_TRUST_PATH, 'utf8'))).toEqual({
      portalUrl: PORTAL,
      downloadsHost: `${PORTAL}/dl`,
      packageKeys: [PACKAGE_KEY],
    });
  });

  it('records the files it was made from, so that a start repacks it only when one of them changed', async () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const record = JSON.parse(await readFile(INSTALLER_INPUTS_PATH, 'utf8'));
    expect(record).toMatchObject({ root, outputs: [INSTALLER_PATH, INSTALLER_TRUST_PATH] });
    expect(record.inputs).toEqual(
      expect.arrayContaining(
        ['apps/helper/src/main.ts', 'packages/server/src/package-signing.ts', 'package-lock.json'].map(
          (file) => join(root, file),
        ),
      ),
    );
    // The portal's code the helper does not import, and the packages, which the lockfile stands for.
    expect(record.inputs).not.toContain(join(root, 'packages/server/src/config.ts'));
    expect(record.inputs.filter((input: string) => input.includes('node_modules'))).toEqual([]);
  });

  it('stops esbuild’s service once packed, so that it does not stay resident beside the portal', async () => {
    const esbuildServices = async () =>
      (await run('ps', ['-e', '-o', 'ppid=,args='])).stdout
        .split('\n')
        .filter((line) => line.trim().startsWith(`${process.pid} `) && /esbuild.* --service/.test(line));
    await expect.poll(esbuildServices, { timeout: 5_000 }).toEqual([]);
  });

  it('runs unpacked: --version, then serves the ping on loopback', async () => {
    const bin = join(unpacked, 'package', 'bin', 'benchside-helper.js');
    const { stdout } = await run(process.execPath, [bin, '--version'], { cwd: unpacked });
    expect(stdout).toBe(`${packageJson.version}\n`);

    const port = await freePort();
    const configDir = join(unpacked, 'config');
    const child = spawn(process.execPath, [bin], {
      cwd: unpacked,
      env: {
        PATH: process.env.PATH,
        HOME: unpacked,
        HELPER_PORTS: String(port),
        HELPER_CONFIG_DIR: configDir,
        HELPER_READERS: 'simulated',
        VENDOR_CARD_MASTER_KEY: 'c3'.repeat(32),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => (output += chunk));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('helper listening on') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(output).toContain(`helper listening on http://127.0.0.1:${port}`);
      const ping = await postJson(port, '/general/ping');
      expect(ping.status).toBe(200);
      expect(ping.json()).toEqual({ ok: true, version: packageJson.version });
      // It trusts the portal it was packed for, and not the 127.0.0.1:8080 of a development set-up.
      const fromPortal = await postJson(port, '/general/ping', {}, { origin: PORTAL });
      expect(fromPortal.status).toBe(200);
      expect(fromPortal.headers['access-control-allow-origin']).toBe(PORTAL);
      const fromDefault = await postJson(port, '/general/ping', {}, { origin: 'http://127.0.0.1:8080' });
      expect(fromDefault.status).toBe(403);
      // …fetches packages only from that portal's downloads host, as signed by its key.
      const foreign = await postJson(port, '/downloads/add', {
        url: 'http://127.0.0.1:8080/dl/x.torrent',
        soft: 'X',
      });
      expect(foreign.status).toBe(403);
      expect(foreign.json()).toMatchObject({ message: expect.stringContaining(`(${PORTAL}/dl)`) });
      const downloads = await postJson(port, '/downloads/list');
      expect(downloads.json()).toEqual([]);
      // No warning about modules the bundle left out.
      expect(output).not.toMatch(/not supported|Cannot find module|WARN/);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
