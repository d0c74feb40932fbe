import { z } from 'zod';

export { DEFAULT_HELPER_PORT, HELPER_PORTS } from './helper-ports.ts';

/** The custom scheme that starts the helper (`benchside-helper://launch`), registered by `--register-protocol`. */
export const HELPER_PROTOCOL = 'benchside-helper';
export const HELPER_LAUNCH_URL = `${HELPER_PROTOCOL}://launch`;

/** `GET /api/helper/installer`: the version of the installer this portal serves, to tell an outdated helper. */
export const helperInstallerSchema = z.object({
  version: z.string(),
});
export type HelperInstaller = z.infer<typeof helperInstallerSchema>;

/** `POST /general/ping`: the helper is up, and which build answers. */
export const helperPingResponseSchema = z.object({
  ok: z.literal(true),
  version: z.string(),
});
export type HelperPingResponse = z.infer<typeof helperPingResponseSchema>;

// The helper may run on Windows too, so "absolute" is judged without node:path: POSIX root, drive letter or UNC.
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

export const MAX_FOLDER_PATH_LENGTH = 4096;

export const folderPathSchema = z
  .string()
  .min(1, { message: 'The folder is required', abort: true })
  .max(MAX_FOLDER_PATH_LENGTH, `The folder path must be at most ${MAX_FOLDER_PATH_LENGTH} characters`)
  .refine((path) => !path.includes('\0'), 'The folder path must not contain a NUL character')
  .refine((path) => ABSOLUTE_PATH.test(path), 'The folder must be an absolute path');

/** `GET /general/getDownloadFolder` and the answer of `POST /general/setDownloadFolder`. */
export const downloadFolderSchema = z.object({
  path: z.string(),
});
export type DownloadFolder = z.infer<typeof downloadFolderSchema>;

/**
 * `POST /general/info`: what the helper panel checks when something fails — which build answers on
 * which port, and whether the download folder exists and how much room is left on its disk.
 */
export const helperInfoSchema = z.object({
  version: z.string(),
  port: z.number().int(),
  downloadFolder: z.object({
    path: z.string(),
    /** An existing folder; downloads fail until one is chosen when false. */
    exists: z.boolean(),
    /** Bytes this user may still write on the folder's disk; null when the folder does not exist. */
    freeBytes: z.number().int().min(0).nullable(),
  }),
});
export type HelperInfo = z.infer<typeof helperInfoSchema>;

/** `POST /general/setDownloadFolder`. */
export const setDownloadFolderBodySchema = z.object({
  path: folderPathSchema,
});

/**
 * The highest download speed limit the helper takes, in KB/s (10 GB/s): anything above is no limit
 * at all. Kilobytes of 1000 bytes, the unit the downloads page shows speeds in.
 */
export const MAX_DOWNLOAD_LIMIT_KBPS = 10_000_000;

/**
 * `POST /general/getSettings` and the answer of `POST /general/setSettings`: how the helper
 * downloads, as download managers let their users choose it. `downloadLimitKBps` caps every
 * transfer together, 0 meaning no limit; `pauseAtStartup` leaves every download stopped when the
 * helper starts, until the technician starts them.
 */
export const helperSettingsSchema = z.object({
  downloadLimitKBps: z
    .number({ error: 'The speed limit must be a number' })
    .int('The speed limit must be a whole number of KB/s')
    .min(0, 'The speed limit must not be negative')
    .max(MAX_DOWNLOAD_LIMIT_KBPS, `The speed limit must be at most ${MAX_DOWNLOAD_LIMIT_KBPS} KB/s`),
  pauseAtStartup: z.boolean({ error: 'Pause at startup must be true or false' }),
});
export type HelperSettings = z.infer<typeof helperSettingsSchema>;

/** `POST /general/setSettings`: the settings to change; the others stay as they are. */
export const setHelperSettingsBodySchema = helperSettingsSchema
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'Give at least one setting to change');

/**
 * The vendor card master key of the demo set-up: `npm start` gives it to the helper's simulated
 * reader (the "factory") unless `VENDOR_CARD_MASTER_KEY` is set, and the API must check card
 * validations with the same key. Public on purpose: it protects nothing but demo cards.
 */
export const DEMO_VENDOR_CARD_MASTER_KEY = 'b3e1c0d5a9f24e7c8b6d1f0a2c4e6b8d9f1a3c5e7b9d0f2a4c6e8b0d2f4a6c8e';

/** A BitTorrent v1 info hash: how every download is named. */
export const torrentHashSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{40}$/, 'The download hash must be 40 hexadecimal characters')
  .transform((hash) => hash.toLowerCase());

const httpUrlSchema = z
  .string()
  .max(2048, 'The address must be at most 2048 characters')
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'The address must be an http or https URL');

const softNameSchema = z
  .string()
  .trim()
  .min(1, 'The software name is required')
  .max(200, 'The software name must be at most 200 characters');

/** SHA-256 of the package file, as the portal publishes it. */
export const packageSha256Schema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'The package hash must be 64 hexadecimal characters (SHA-256)')
  .transform((hash) => hash.toLowerCase());

/** Names the format of a package manifest, so a signature can never be read as another document's. */
export const PACKAGE_MANIFEST_FORMAT = 'benchside-package-manifest.v1';

/** Below the downloads host: `<host>/manifest/<name>` is the signed manifest of `<host>/<name>.torrent`. */
export const PACKAGE_MANIFEST_FOLDER = 'manifest';

/**
 * What the vendor vouches for when it publishes a package: the file's name (also the torrent's),
 * size and SHA-256, the torrent's info hash, and the catalogue entry's kind, soft and version.
 */
export const packageManifestSchema = z.object({
  format: z.literal(PACKAGE_MANIFEST_FORMAT),
  name: z.string().min(1).max(200),
  size: z.number().int().min(0),
  sha256: packageSha256Schema,
  infoHash: z.string().regex(/^[0-9a-f]{40}$/),
  kind: z.enum(['firmware', 'tool', 'file']),
  soft: z.string().max(200).nullable(),
  version: z.string().max(200).nullable(),
  publishedAt: z.iso.datetime(),
});
export type PackageManifest = z.infer<typeof packageManifestSchema>;

/**
 * The manifest as the downloads host serves it: the exact JSON bytes that were signed (base64),
 * and their Ed25519 signature (base64). Signing bytes, not a re-serialised object, leaves no room
 * for two readers to disagree on what was signed.
 */
export const signedPackageManifestSchema = z.object({
  manifest: z.base64().max(8192),
  signature: z.base64().max(200),
});
export type SignedPackageManifest = z.infer<typeof signedPackageManifestSchema>;

/** `POST /downloads/list`: all downloads, or those of one software. */
export const listDownloadsBodySchema = z.object({
  softName: softNameSchema.optional(),
});

/**
 * `POST /downloads/add`. `url` is the package's `.torrent` on the portal's downloads host (the
 * helper fetches nothing from elsewhere); `path` is a folder inside the download folder (relative
 * to it, or absolute inside it), the download folder itself when left out. What the package must
 * be (size, SHA-256, version) is never the page's word: the helper reads it from the vendor's
 * signed manifest on the same host.
 */
export const addDownloadBodySchema = z.object({
  url: httpUrlSchema,
  soft: softNameSchema,
  path: z
    .string()
    .max(MAX_FOLDER_PATH_LENGTH, `The path must be at most ${MAX_FOLDER_PATH_LENGTH} characters`)
    .refine((path) => !path.includes('\0'), 'The path must not contain a NUL character')
    .optional(),
});

/** `POST /downloads/addWebSeeds`. */
export const addWebSeedsBodySchema = z.object({
  hash: torrentHashSchema,
  list: z.array(httpUrlSchema).min(1, 'Give at least one web seed').max(20, 'Give at most 20 web seeds'),
});

/** `POST /downloads/start`, `/downloads/stop`, `/downloads/browse`. */
export const downloadHashBodySchema = z.object({
  hash: torrentHashSchema,
});

/** `POST /downloads/move`: one place up or down the queue. */
export const moveDownloadBodySchema = z.object({
  hash: torrentHashSchema,
  direction: z.enum(['up', 'down'], { error: 'The direction must be up or down' }),
});

/** `POST /downloads/remove`. */
export const removeDownloadBodySchema = z.object({
  hash: torrentHashSchema,
  withData: z.boolean().optional(),
});

/** `POST /downloads/install`: `isSoftwareUpdate` replaces an installed version of the same tool. */
export const installDownloadBodySchema = z.object({
  hash: torrentHashSchema,
  isSoftwareUpdate: z.boolean().optional(),
});

/** `queued`: started, and waiting for one of the few downloads that run at once to finish. */
export const downloadStateSchema = z.enum(['downloading', 'stopped', 'done', 'error', 'checking', 'queued']);
export type DownloadState = z.infer<typeof downloadStateSchema>;

/** One entry of `/downloads/list`, and the answer of add, addWebSeeds, start and stop. */
export const downloadItemSchema = z.object({
  hash: z.string(),
  name: z.string(),
  soft: z.string(),
  /** Folder the files are written under. */
  path: z.string(),
  size: z.number(),
  downloaded: z.number(),
  /** 0..1 */
  progress: z.number(),
  /** Bytes per second. */
  downloadSpeed: z.number(),
  state: downloadStateSchema,
  /** Place in the queue, from 1: started downloads run in this order. */
  position: z.number().int(),
  /** Seconds left at the current speed; null while stopped or when nothing is arriving. */
  eta: z.number().nullable(),
  error: z.string().optional(),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;

/** `benchside-tool.json` at the top of every tool package: how to run the tool. */
export const TOOL_MANIFEST_FILE_NAME = 'benchside-tool.json';

const safeNameSchema = (what: string) =>
  z
    .string()
    .regex(
      /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,63}$/,
      `The ${what} must be 1 to 64 letters, digits, "_", ".", "+" or "-"`,
    );

export const toolManifestSchema = z.object({
  id: safeNameSchema('tool id'),
  name: z.string().trim().min(1, 'The tool name is required').max(200),
  version: safeNameSchema('version'),
  /** Path of the program inside the package, with "/" between folders. */
  executable: z
    .string()
    .min(1, 'The executable is required')
    .max(1024)
    .refine(
      (path) =>
        !path.startsWith('/') &&
        !path.includes('\\') &&
        !path.includes('\0') &&
        path.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
      'The executable must be a relative path inside the package, without "..", "." or empty parts',
    ),
  /** Passed to the program as they are: no shell ever sees them. */
  args: z
    .array(
      z
        .string()
        .max(4096)
        .refine((arg) => !arg.includes('\0')),
    )
    .max(64),
});
export type ToolManifest = z.infer<typeof toolManifestSchema>;

/** One entry of `/software/list`, and the answer of `/downloads/install`. */
export const installedToolSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  soft: z.string(),
  folder: z.string(),
  installedAt: z.iso.datetime(),
});
export type InstalledTool = z.infer<typeof installedToolSchema>;

/** `POST /software/run`. */
export const runSoftwareBodySchema = z.object({
  id: z.string().min(1, 'The tool id is required').max(64, 'The tool id must be at most 64 characters'),
});

/** Answer of state changes that return nothing else (`/downloads/remove`, `/downloads/browse`, `/software/run`). */
export const helperOkSchema = z.object({ ok: z.literal(true) });
export type HelperOk = z.infer<typeof helperOkSchema>;

/** Answer of `/hardware/updateCardFW`: the operation to follow with `/status/get`. */
export const operationStartedSchema = z.object({ id: z.string() });
export type OperationStarted = z.infer<typeof operationStartedSchema>;

/** `POST /status/get`: new messages since the last call, or all of them with `allMessages`. */
export const statusGetBodySchema = z.object({
  id: z
    .string()
    .min(1, 'The operation id is required')
    .max(64, 'The operation id must be at most 64 characters'),
  allMessages: z.boolean().optional(),
});

export const operationStatusSchema = z.object({
  id: z.string(),
  messages: z.array(z.string()),
  done: z.boolean(),
  error: z.string().nullable(),
});
export type OperationStatus = z.infer<typeof operationStatusSchema>;
