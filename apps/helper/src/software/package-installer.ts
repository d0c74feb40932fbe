import { type KeyObject, randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import {
  type InstalledTool,
  TOOL_MANIFEST_FILE_NAME,
  type ToolManifest,
  toolManifestSchema,
} from '@benchside/contracts/helper';
import type { DownloadManager } from '../downloads/download-manager.ts';
import { HttpError } from '../http-errors.ts';
import { archiveKindOf, extractArchive, UnsafeArchiveError } from './archive-extract.ts';
import type { InstalledTools } from './installed-tools.ts';
import { verifyDownloadedPackage } from './package-verification.ts';

const INSTALL_ERROR = 'Software installation error';

export type InstallRequest = { hash: string; isSoftwareUpdate: boolean };

/**
 * Turns a finished download into an installed tool: the package must be exactly the file the
 * vendor signed (package-verification.ts), is unpacked into a staging folder inside the tools folder, must
 * describe itself with a manifest, and only then takes its place as `tools/<soft>/<version>`.
 */
export class PackageInstaller {
  readonly #toolsFolder: string;
  readonly #downloads: DownloadManager;
  readonly #tools: InstalledTools;
  readonly #packageKey: KeyObject | null;
  // One install at a time: two installs of the same tool must not race for its folder.
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: {
    toolsFolder: string;
    downloads: DownloadManager;
    tools: InstalledTools;
    /** The vendor's publishing key: only packages it signed are installed. */
    packageKey: KeyObject | null;
  }) {
    this.#packageKey = options.packageKey;
    this.#toolsFolder = options.toolsFolder;
    this.#downloads = options.downloads;
    this.#tools = options.tools;
  }

  install(request: InstallRequest): Promise<InstalledTool> {
    const run = this.#queue.then(() => this.#install(request));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #install({ hash, isSoftwareUpdate }: InstallRequest): Promise<InstalledTool> {
    const download = this.#downloads.get(hash);
    if (download.state !== 'done') {
      throw refuse(409, 'the download has not finished yet');
    }
    const [packageFile, ...others] = download.files;
    const kind = packageFile === undefined ? undefined : archiveKindOf(packageFile);
    if (packageFile === undefined || others.length > 0 || kind === undefined) {
      throw refuse(422, 'the download is not a single .zip or .tar.gz package');
    }
    const verdict = await verifyDownloadedPackage(download, packageFile, this.#packageKey);
    if (!verdict.ok) throw refuse(verdict.status, verdict.reason);
    const signed = verdict.manifest;

    await mkdir(this.#toolsFolder, { recursive: true, mode: 0o700 });
    const toolsRoot = await realpath(this.#toolsFolder);
    const staging = join(toolsRoot, `.staging-${randomBytes(8).toString('hex')}`);
    await mkdir(staging);
    try {
      try {
        await extractArchive(packageFile, kind, staging);
      } catch (error) {
        if (error instanceof UnsafeArchiveError) throw refuse(422, error.message);
        throw error;
      }
      const manifest = await readManifest(staging);
      if (signed.version !== null && signed.version !== manifest.version) {
        throw refuse(
          422,
          `the package holds version ${manifest.version}, the vendor signed version ${signed.version}`,
        );
      }
      const existing = this.#tools.get(manifest.id);
      if (existing && existing.version !== manifest.version && !isSoftwareUpdate) {
        throw refuse(
          409,
          `${existing.name} ${existing.version} is installed; install ${manifest.version} as a software update`,
        );
      }
      const target = join(toolsRoot, folderName(download.soft, manifest.id), manifest.version);
      assertInside(toolsRoot, target);
      const owner = this.#ownerOf(target);
      if (owner !== undefined && owner !== manifest.id) {
        throw refuse(409, `the folder ${target} belongs to the tool ${owner}`);
      }
      await mkdir(dirname(target), { recursive: true });
      await replaceFolder(staging, target);
      const record = {
        ...manifest,
        soft: download.soft,
        folder: target,
        sha256: signed.sha256,
        downloadHash: download.hash,
        installedAt: new Date().toISOString(),
      };
      await this.#tools.put(record);
      if (existing && existing.folder !== target && isInside(toolsRoot, existing.folder)) {
        await rm(existing.folder, { recursive: true, force: true });
      }
      const listed = this.#tools.list().find((tool) => tool.id === manifest.id);
      if (!listed) throw new Error(`The tool ${manifest.id} was not recorded`);
      return listed;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  #ownerOf(folder: string): string | undefined {
    return this.#tools.list().find((tool) => tool.folder === folder)?.id;
  }
}

/** The manifest at the top of the unpacked package, and a proof that its program is a file in it. */
async function readManifest(folder: string): Promise<ToolManifest> {
  let text: string;
  try {
    text = await readFile(join(folder, TOOL_MANIFEST_FILE_NAME), 'utf8');
  } catch {
    throw refuse(422, `the package has no ${TOOL_MANIFEST_FILE_NAME} at its top`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse(422, `${TOOL_MANIFEST_FILE_NAME} is not valid JSON`);
  }
  const parsed = toolManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse(422, `${TOOL_MANIFEST_FILE_NAME}: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const manifest = parsed.data;
  const executable = join(folder, ...manifest.executable.split('/'));
  const found = await lstat(executable).catch(() => undefined);
  if (!found?.isFile()) {
    throw refuse(
      422,
      `the program ${manifest.executable} named by ${TOOL_MANIFEST_FILE_NAME} is not in the package`,
    );
  }
  // Zip files made on Windows carry no execute bit; the manifest says this file is the program.
  if (process.platform !== 'win32') await chmod(executable, 0o755);
  return manifest;
}

/** Puts `source` at `target`, setting aside (then deleting) what was there: a reinstall never leaves half of each. */
async function replaceFolder(source: string, target: string): Promise<void> {
  const previous = `${target}.previous-${randomBytes(6).toString('hex')}`;
  const hadPrevious = await rename(target, previous).then(
    () => true,
    (error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    await rename(source, target);
  } catch (error) {
    if (hadPrevious) await rename(previous, target);
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

/** The software name as one safe folder name; the tool id when nothing of it is left. */
function folderName(soft: string, toolId: string): string {
  const cleaned = soft
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+|-+$/g, '')
    .slice(0, 64);
  return cleaned === '' ? toolId : cleaned;
}

function isInside(root: string, path: string): boolean {
  const fromRoot = relative(root, path);
  return !(fromRoot === '' || fromRoot.startsWith(`..${sep}`) || fromRoot === '..' || isAbsolute(fromRoot));
}

function assertInside(root: string, path: string): void {
  if (!isInside(root, path)) throw refuse(422, `${basename(path)} is not a folder inside the tools folder`);
}

function refuse(status: number, reason: string): HttpError {
  return new HttpError(status, `${INSTALL_ERROR}: ${reason}`);
}
