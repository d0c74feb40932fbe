import { type KeyObject, randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import {
  type InstalledTool,
  TOOL_MANIFEST_FILE_NAME,
  type ToolManifest,
  toolManifestSchema,
} from '@benchside/contracts/helper';
import type { HttpError } from '@benchside/server/errors';
import { z } from 'zod';
import { syncFolder, syncTree, writeJsonAtomically } from '../atomic-json.ts';
import { crashPoint } from '../crash-point.ts';
import type { DownloadManager } from '../downloads/download-manager.ts';
import { errorForStatus, type HelperErrorStatus } from '../http-errors.ts';
import { archiveKindOf, extractArchive, UnsafeArchiveError } from './archive-extract.ts';
import { type InstalledTools, installedToolRecordSchema } from './installed-tools.ts';
import { verifyDownloadedPackage } from './package-verification.ts';

const INSTALL_ERROR = 'Software installation error';
/** The install in progress, in the tools folder; names starting with "." there are never tools. */
const JOURNAL_FILE_NAME = '.install.json';

export type InstallRequest = { hash: string; isSoftwareUpdate: boolean };

/**
 * What an install is about to change, written before the first rename so that a helper killed at
 * any point can finish it or undo it on its next start.
 */
const installJournalSchema = z.object({
  /** The unpacked, flushed package; gone once it has been renamed to `target`. */
  staging: z.string(),
  target: z.string(),
  /** Where the folder at `target` (a reinstall of the same version) is set aside. */
  previous: z.string(),
  /** The folder of the version being replaced, deleted once the new one is recorded. */
  replaced: z.string().optional(),
  record: installedToolRecordSchema,
});
type InstallJournal = z.infer<typeof installJournalSchema>;

/**
 * Turns a finished download into an installed tool: the package must be exactly the file the
 * vendor signed (package-verification.ts), is unpacked into a staging folder inside the tools folder, must
 * describe itself with a manifest, and only then takes its place as `tools/<soft>/<version>`.
 * The tool list and the tools folder agree after a crash at any moment: see `#recover`.
 */
export class PackageInstaller {
  readonly #toolsRoot: string;
  readonly #journalFile: string;
  readonly #downloads: DownloadManager;
  readonly #tools: InstalledTools;
  readonly #warn: (message: string) => void;
  /** The vendor's publishing keys: only packages one of them signed are installed. */
  readonly #packageKeys: readonly KeyObject[];
  // One install at a time: two installs of the same tool must not race for its folder.
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(
    toolsRoot: string,
    options: {
      downloads: DownloadManager;
      tools: InstalledTools;
      warn: (message: string) => void;
      packageKeys: readonly KeyObject[];
    },
  ) {
    this.#toolsRoot = toolsRoot;
    this.#journalFile = join(toolsRoot, JOURNAL_FILE_NAME);
    this.#packageKeys = options.packageKeys;
    this.#downloads = options.downloads;
    this.#tools = options.tools;
    this.#warn = options.warn;
  }

  /**
   * Finishes or undoes an install a killed helper left, deletes its staging folders and forgets
   * tools whose folder is gone. Only the helper holding the instance lock may open the installer.
   */
  static async open(options: {
    toolsFolder: string;
    downloads: DownloadManager;
    tools: InstalledTools;
    warn: (message: string) => void;
    /** The vendor's publishing keys: only packages one of them signed are installed. */
    packageKeys: readonly KeyObject[];
  }): Promise<PackageInstaller> {
    await mkdir(options.toolsFolder, { recursive: true, mode: 0o700 });
    const installer = new PackageInstaller(await realpath(options.toolsFolder), options);
    await installer.#recover();
    return installer;
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
    const verdict = await verifyDownloadedPackage(download, packageFile, this.#packageKeys);
    if (!verdict.ok) throw refuse(verdict.status, verdict.reason);
    const signed = verdict.manifest;

    const toolsRoot = this.#toolsRoot;
    const id = randomBytes(8).toString('hex');
    const staging = join(toolsRoot, `.staging-${id}`);
    await mkdir(staging);
    try {
      try {
        await extractArchive(packageFile, kind, staging);
      } catch (error) {
        if (error instanceof UnsafeArchiveError) throw refuse(422, error.message);
        throw error;
      }
      crashPoint('install:extracted');
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
      await syncTree(staging);
      await mkdir(dirname(target), { recursive: true });
      const journal: InstallJournal = {
        staging,
        target,
        previous: join(toolsRoot, `.previous-${id}`),
        ...(existing && existing.folder !== target && isInside(toolsRoot, existing.folder)
          ? { replaced: existing.folder }
          : {}),
        record: {
          ...manifest,
          soft: download.soft,
          folder: target,
          sha256: signed.sha256,
          downloadHash: download.hash,
          installedAt: new Date().toISOString(),
        },
      };
      await writeJsonAtomically(this.#journalFile, journal);
      crashPoint('install:journal-written');
      await this.#apply(journal);
      const listed = this.#tools.list().find((tool) => tool.id === manifest.id);
      if (!listed) throw new Error(`The tool ${manifest.id} was not recorded`);
      return listed;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** Sets aside what is at the target, moves the package in, records it; undone if any of that fails. */
  async #apply(journal: InstallJournal): Promise<void> {
    const { staging, target, previous, record } = journal;
    try {
      if (await renameIfPresent(target, previous)) crashPoint('install:old-set-aside');
      await rename(staging, target);
      crashPoint('install:moved-into-place');
      await syncFolder(dirname(target));
      await this.#tools.put(record);
    } catch (error) {
      await this.#undo(journal);
      throw error;
    }
    crashPoint('install:recorded');
    await this.#finish(journal);
  }

  /** Puts back the folder that was at the target; the new one returns to staging, to be deleted. */
  async #undo({ staging, target, previous }: InstallJournal): Promise<void> {
    if (!(await isPresent(staging))) await renameIfPresent(target, staging);
    await renameIfPresent(previous, target);
    await rm(this.#journalFile, { force: true });
  }

  /** The new tool is recorded: the old folders go, then the journal. */
  async #finish({ previous, replaced }: InstallJournal): Promise<void> {
    await rm(previous, { recursive: true, force: true });
    if (replaced !== undefined) await rm(replaced, { recursive: true, force: true });
    await rm(this.#journalFile, { force: true });
  }

  async #recover(): Promise<void> {
    const journal = await this.#readJournal();
    if (journal !== undefined) {
      // Once the package has left staging for its place, the install is finished; until then the
      // record was not touched, and the folder set aside goes back.
      const movedIn = !(await isPresent(journal.staging)) && (await isPresent(journal.target));
      if (movedIn) {
        await this.#tools.put(journal.record);
        await this.#finish(journal);
      } else await this.#undo(journal);
    }
    await removeStagingFolders(this.#toolsRoot);
    for (const tool of this.#tools.list()) {
      if (await isFolder(tool.folder)) continue;
      this.#warn(`The folder of ${tool.name} ${tool.version} (${tool.folder}) is gone; install it again`);
      await this.#tools.forget(tool.id);
    }
  }

  /** The journal, if an install was under way; one naming folders outside the tools folder is ignored. */
  async #readJournal(): Promise<InstallJournal | undefined> {
    const text = await readFile(this.#journalFile, 'utf8').catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (text === undefined) return undefined;
    const parsed = installJournalSchema.safeParse(parseJson(text));
    const journal = parsed.success ? parsed.data : undefined;
    const folders = journal ? [journal.staging, journal.target, journal.previous, journal.replaced] : [];
    if (
      journal !== undefined &&
      journal.record.folder === journal.target &&
      folders.every((folder) => folder === undefined || isInside(this.#toolsRoot, folder))
    ) {
      return journal;
    }
    this.#warn(`${this.#journalFile} does not describe an install; ignored`);
    await rm(this.#journalFile, { force: true });
    return undefined;
  }

  #ownerOf(folder: string): string | undefined {
    return this.#tools.list().find((tool) => tool.folder === folder)?.id;
  }
}

/** Deletes the staging and set-aside folders (names starting with ".") at the top two levels of the tools folder. */
async function removeStagingFolders(toolsRoot: string): Promise<void> {
  for (const entry of await readdir(toolsRoot, { withFileTypes: true })) {
    const path = join(toolsRoot, entry.name);
    if (entry.name.startsWith('.')) await rm(path, { recursive: true, force: true });
    else if (entry.isDirectory()) {
      for (const inner of await readdir(path)) {
        if (inner.startsWith('.')) await rm(join(path, inner), { recursive: true, force: true });
      }
    }
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function renameIfPresent(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return false;
    throw error;
  }
}

function isPresent(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

function isFolder(path: string): Promise<boolean> {
  return lstat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
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

function refuse(status: HelperErrorStatus, reason: string): HttpError {
  return errorForStatus(status, `${INSTALL_ERROR}: ${reason}`);
}
