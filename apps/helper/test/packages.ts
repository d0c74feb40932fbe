import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  PACKAGE_MANIFEST_FOLDER,
  type PackageManifest,
  TOOL_MANIFEST_FILE_NAME,
  type ToolManifest,
} from '@benchside/contracts/helper';
import { packagePublicKeyText, signPackageManifest } from '@benchside/server/package-signing';
import parseTorrent from 'parse-torrent';
import * as tar from 'tar';
import yazl from 'yazl';
import type { PackageTrust } from '../src/downloads/package-source.ts';
import { torrentFor } from './downloads/fixtures.ts';
import { type RangeFileServer, startRangeFileServer } from './range-file-server.ts';
import { postJson } from './support.ts';

/** A tool that writes its arguments, one per line, to the file named by its first argument. */
const MARKER_TOOL = `#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
const [marker, ...rest] = process.argv.slice(2);
writeFileSync(marker, [process.cwd(), ...rest].join('\\n'));
`;

/** The files of a tool package: the manifest, the tool and some data. */
export async function writeToolFolder(folder: string, manifest: ToolManifest): Promise<void> {
  await mkdir(join(folder, 'bin'), { recursive: true });
  await writeFile(join(folder, TOOL_MANIFEST_FILE_NAME), JSON.stringify(manifest));
  await writeFile(join(folder, 'bin', 'tool.mjs'), MARKER_TOOL);
  await chmod(join(folder, 'bin', 'tool.mjs'), 0o644);
  await writeFile(join(folder, 'README.txt'), `${manifest.name} ${manifest.version}\n`);
}

/** The tool package the tests install unless they need another. */
export const UNLOCK_TOOL: ToolManifest = {
  id: 'unlock-tool',
  name: 'Unlock Tool',
  version: '1.2.0',
  executable: 'bin/tool.mjs',
  args: [],
};

export async function makeTarGz(folder: string, archive: string): Promise<void> {
  await tar.c({ gzip: true, file: archive, cwd: folder, portable: true }, ['.']);
}

/** Files (path inside the zip → content), written with no Unix modes, as a Windows zip tool would. */
export async function makeZip(files: Record<string, string>, archive: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), path);
  zip.end();
  const output = createWriteStream(archive);
  zip.outputStream.pipe(output);
  await once(output, 'close');
}

/**
 * yazl (rightly) refuses to write `..` names, so an attacker's zip is made by renaming an entry
 * in the bytes: names are not covered by the CRC, and the length stays the same.
 */
export async function renameInZip(archive: string, from: string, to: string): Promise<void> {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('names must have the same length');
  const bytes = await readFile(archive);
  let index = bytes.indexOf(from);
  while (index !== -1) {
    bytes.write(to, index);
    index = bytes.indexOf(from, index + 1);
  }
  await writeFile(archive, bytes);
}

export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export type PublishedPackage = { torrentUrl: string; sha256: string; name: string };

export interface PublishOptions {
  /** The catalogue entry's soft and version, as the vendor signs them (none by default). */
  soft?: string | null;
  version?: string | null;
  /** Signs with another key than the host's (an attacker's). */
  signingKey?: KeyObject;
  /** Fields of the signed manifest to replace (a manifest that lies about the file). */
  manifest?: Partial<PackageManifest>;
  /** Serves this document as the manifest instead of the signed one. */
  manifestDocument?: unknown;
}

/**
 * The portal's downloads host in miniature, laid out as the real one under `/dl`: the package as
 * a web seed, its .torrent, and the manifest signed with the host's own publishing key.
 */
export class DownloadsHost {
  readonly #files: Record<string, string> = {};
  readonly #work: string;
  readonly #keys = generateKeyPairSync('ed25519');
  #server: RangeFileServer | undefined;

  constructor(work: string) {
    this.#work = work;
  }

  async start(options: { bytesPerSecond?: number } = {}): Promise<void> {
    this.#server = await startRangeFileServer({ files: this.#files, ...options });
  }

  /** What a helper of this portal is configured with. */
  get trust(): PackageTrust {
    return { downloadsHosts: [this.url('/dl')], publicKeys: [this.#keys.publicKey] };
  }

  /** The public key in the HELPER_PACKAGE_KEY form. */
  get publicKeyText(): string {
    return packagePublicKeyText(this.#keys.publicKey);
  }

  async publish(file: string, name: string, options: PublishOptions = {}): Promise<PublishedPackage> {
    const server = this.#server;
    if (!server) throw new Error('start the host first');
    this.#files[`/dl/${name}`] = file;
    const torrentFile = join(this.#work, `${name}.torrent`);
    await mkdir(dirname(torrentFile), { recursive: true });
    const torrent = await torrentFor(file, server.url(`/dl/${name}`), name);
    await writeFile(torrentFile, torrent);
    this.#files[`/dl/${name}.torrent`] = torrentFile;
    const bytes = await readFile(file);
    const sha256 = sha256Of(bytes);
    const signed = signPackageManifest(
      {
        name,
        size: bytes.length,
        sha256,
        infoHash: (await parseTorrent(torrent)).infoHash,
        kind: 'tool',
        soft: options.soft ?? null,
        version: options.version ?? null,
        publishedAt: new Date().toISOString(),
        ...options.manifest,
      },
      options.signingKey ?? this.#keys.privateKey,
    );
    const manifestFile = join(this.#work, `${name}.manifest.json`);
    await writeFile(
      manifestFile,
      JSON.stringify('manifestDocument' in options ? options.manifestDocument : signed),
    );
    this.#files[`/dl/${PACKAGE_MANIFEST_FOLDER}/${name}`] = manifestFile;
    return { torrentUrl: server.url(`/dl/${name}.torrent`), sha256, name };
  }

  /** Builds a tool package (writeToolFolder's files for `manifest`) as `<name>.tar.gz` and publishes it. */
  async publishTool(
    name: string,
    manifest: ToolManifest,
    options: PublishOptions = {},
  ): Promise<PublishedPackage> {
    const folder = join(this.#work, 'src', name);
    await writeToolFolder(folder, manifest);
    const archive = join(this.#work, `${name}.tar.gz`);
    await makeTarGz(folder, archive);
    return this.publish(archive, `${name}.tar.gz`, options);
  }

  /** Body bytes the host sent so far. */
  get bytesSent(): number {
    return this.#server?.bytesSent ?? 0;
  }

  url(path: string): string {
    if (!this.#server) throw new Error('start the host first');
    return this.#server.url(path);
  }

  async close(): Promise<void> {
    await this.#server?.close();
  }
}

type ListedDownload = { hash: string; state: string; progress: number; error?: string };

export async function listDownloads(port: number, softName?: string): Promise<ListedDownload[]> {
  const response = await postJson(port, '/downloads/list', softName === undefined ? {} : { softName });
  if (response.status !== 200) throw new Error(`list answered ${response.status}: ${response.text}`);
  return response.json() as ListedDownload[];
}

export async function waitForDownload(
  port: number,
  hash: string,
  until: (item: ListedDownload) => boolean,
  timeoutMs = 20_000,
): Promise<ListedDownload> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = (await listDownloads(port)).find((candidate) => candidate.hash === hash);
    if (item && until(item)) return item;
    if (Date.now() > deadline) throw new Error(`timed out; last seen ${JSON.stringify(item)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** A file a detached program writes: there once it exists and has content. */
export async function waitForFile(path: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await readFile(path, 'utf8').catch(() => '')) === '') {
    if (Date.now() > deadline) throw new Error(`${path} never appeared`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
