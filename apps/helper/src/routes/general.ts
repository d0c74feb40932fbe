import { mkdir } from 'node:fs/promises';
import {
  type DownloadFolder,
  type HelperInfo,
  type HelperPingResponse,
  type HelperSettings,
  setDownloadFolderBodySchema,
  setHelperSettingsBodySchema,
} from '@benchside/contracts/helper';
import type { FastifyInstance } from 'fastify';
import { defaultDownloadFolder, downloadFolderSpace, prepareDownloadFolder } from '../download-folder.ts';
import { parseWith } from '../http-errors.ts';
import type { SettingsStore } from '../settings-store.ts';

type GeneralRoutesOptions = {
  version: string;
  configDir: string;
  settings: SettingsStore;
  /** Puts a new speed limit (bytes per second, 0 for none) into effect on the running transfers. */
  applyDownloadLimit: (bytesPerSecond: number) => void;
};

const BYTES_PER_KB = 1000;

/** The limit in the form the download engine takes. */
export function downloadLimitBytes(settings: HelperSettings): number {
  return settings.downloadLimitKBps * BYTES_PER_KB;
}

/** Spec §7 "Local helper": `/general/*`. */
export function registerGeneralRoutes(app: FastifyInstance, options: GeneralRoutesOptions): void {
  const { version, configDir, settings, applyDownloadLimit } = options;

  app.post('/general/ping', async (): Promise<HelperPingResponse> => ({ ok: true, version }));

  const downloadFolder = () => settings.current.downloadFolder ?? defaultDownloadFolder(configDir);

  app.get('/general/getDownloadFolder', async (): Promise<DownloadFolder> => ({ path: downloadFolder() }));

  // A POST like ping: only JSON POSTs force the preflight a foreign page cannot pass.
  app.post('/general/info', async (request): Promise<HelperInfo> => {
    const path = downloadFolder();
    // The default folder is made by the first download; made now, a fresh install's panel shows its
    // room instead of a missing folder. A folder the user chose and later removed stays missing.
    if (settings.current.downloadFolder === undefined) await mkdir(path, { recursive: true }).catch(() => {});
    return {
      version,
      port: request.socket.localPort ?? 0,
      downloadFolder: { path, ...(await downloadFolderSpace(path)) },
    };
  });

  app.post('/general/setDownloadFolder', async (request): Promise<DownloadFolder> => {
    const body = parseWith(setDownloadFolderBodySchema, request.body);
    const path = await prepareDownloadFolder(body.path);
    await settings.update({ downloadFolder: path });
    return { path };
  });

  // POSTs like info: a foreign page cannot read them without the preflight the helper refuses.
  app.post('/general/getSettings', async (): Promise<HelperSettings> => settings.downloadSettings);

  app.post('/general/setSettings', async (request): Promise<HelperSettings> => {
    const change = parseWith(setHelperSettingsBodySchema, request.body);
    await settings.update(change);
    const next = settings.downloadSettings;
    applyDownloadLimit(downloadLimitBytes(next));
    return next;
  });
}
