import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TOOL_MANIFEST_FILE_NAME, type ToolManifest } from '@benchside/contracts/helper';
import * as tar from 'tar';
import yazl from 'yazl';
import { type RangeFileServer, startRangeFileServer } from '../src/downloads/range-file-server.ts';
import { torrentFor } from './downloads/fixtures.ts';
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

/** The portal's downloads host in miniature: the package as a web seed and its .torrent. */
export class DownloadsHost {
  readonly #files: Record<string, string> = {};
  readonly #work: string;
  #server: RangeFileServer | undefined;

  constructor(work: string) {
    this.#work = work;
  }

  async start(options: { bytesPerSecond?: number } = {}): Promise<void> {
    this.#server = await startRangeFileServer({ files: this.#files, ...options });
  }

  async publish(file: string, name: string): Promise<PublishedPackage> {
    const server = this.#server;
    if (!server) throw new Error('start the host first');
    this.#files[`/seed/${name}`] = file;
    const torrentFile = join(this.#work, `${name}.torrent`);
    await mkdir(dirname(torrentFile), { recursive: true });
    await writeFile(torrentFile, await torrentFor(file, server.url(`/seed/${name}`), name));
    this.#files[`/torrents/${name}.torrent`] = torrentFile;
    return {
      torrentUrl: server.url(`/torrents/${name}.torrent`),
      sha256: sha256Of(await readFile(file)),
      name,
    };
  }

  /** Body bytes the host has sent so far. */
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
