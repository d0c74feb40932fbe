import { z } from 'zod';

/** Spec §7/§9: the web app probes these loopback ports in order; the helper takes the first free one. */
export const HELPER_PORTS = [20051, 20052, 20053, 20054] as const;
export const DEFAULT_HELPER_PORT = HELPER_PORTS[0];

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

/** `POST /general/setDownloadFolder`. */
export const setDownloadFolderBodySchema = z.object({
  path: folderPathSchema,
});
export type SetDownloadFolderBody = z.infer<typeof setDownloadFolderBodySchema>;
