import { stat } from 'node:fs/promises';
import {
  addDownloadBodySchema,
  addWebSeedsBodySchema,
  type DownloadItem,
  downloadHashBodySchema,
  type HelperOk,
  type InstalledTool,
  installDownloadBodySchema,
  listDownloadsBodySchema,
  moveDownloadBodySchema,
  removeDownloadBodySchema,
} from '@benchside/contracts/helper';
import { ConflictError } from '@benchside/server/errors';
import type { FastifyInstance } from 'fastify';
import { openFolder } from '../desktop/open-folder.ts';
import type { DownloadManager } from '../downloads/download-manager.ts';
import type { PackageSource } from '../downloads/package-source.ts';
import { parseWith } from '../http-errors.ts';
import type { PackageInstaller } from '../software/package-installer.ts';

type DownloadRoutesOptions = {
  downloads: DownloadManager;
  /** The only places packages come from, and the proof of what they are. */
  source: PackageSource;
  installer: PackageInstaller;
  /** Where the desktop session is read from (DISPLAY, WAYLAND_DISPLAY, PATH). */
  env: NodeJS.ProcessEnv;
};

/**
 * Spec §7 "Local helper": `/downloads/*`. The spec writes `/stop`, `/startAll`, `/stopAll`,
 * `/remove`, `/install` and `/browse` after `/downloads/start` as a continuation of that list,
 * so they live under `/downloads/` too.
 */
export function registerDownloadRoutes(app: FastifyInstance, options: DownloadRoutesOptions): void {
  const { downloads, source, installer, env } = options;

  app.post('/downloads/list', async (request): Promise<DownloadItem[]> => {
    const body = parseWith(listDownloadsBodySchema, request.body);
    return downloads.list(body.softName);
  });

  app.post('/downloads/add', async (request): Promise<DownloadItem> => {
    const body = parseWith(addDownloadBodySchema, request.body);
    const trusted = await source.fetch(body.url);
    return downloads.add({
      torrent: trusted.torrent,
      // The vendor's soft groups the package with its tool, whatever the page called it.
      soft: trusted.manifest.soft ?? body.soft,
      path: body.path ?? '',
      signedManifest: trusted.signedManifest,
    });
  });

  app.post('/downloads/addWebSeeds', async (request): Promise<DownloadItem> => {
    const body = parseWith(addWebSeedsBodySchema, request.body);
    for (const url of body.list) source.assertAllowed(url, 'web seed');
    return downloads.addWebSeeds(body.hash, body.list);
  });

  app.post('/downloads/start', async (request): Promise<DownloadItem> => {
    const body = parseWith(downloadHashBodySchema, request.body);
    return downloads.start(body.hash);
  });

  app.post('/downloads/stop', async (request): Promise<DownloadItem> => {
    const body = parseWith(downloadHashBodySchema, request.body);
    return downloads.stop(body.hash);
  });

  app.post('/downloads/move', async (request): Promise<DownloadItem[]> => {
    const body = parseWith(moveDownloadBodySchema, request.body);
    return downloads.move(body.hash, body.direction);
  });

  app.post('/downloads/startAll', async (): Promise<DownloadItem[]> => downloads.startAll());

  app.post('/downloads/stopAll', async (): Promise<DownloadItem[]> => downloads.stopAll());

  app.post('/downloads/remove', async (request): Promise<HelperOk> => {
    const body = parseWith(removeDownloadBodySchema, request.body);
    await downloads.remove(body.hash, body.withData ?? false);
    return { ok: true };
  });

  app.post('/downloads/install', async (request): Promise<InstalledTool> => {
    const body = parseWith(installDownloadBodySchema, request.body);
    return installer.install({ hash: body.hash, isSoftwareUpdate: body.isSoftwareUpdate ?? false });
  });

  app.post('/downloads/browse', async (request): Promise<HelperOk> => {
    const body = parseWith(downloadHashBodySchema, request.body);
    const { path } = downloads.get(body.hash);
    const folder = await stat(path).catch(() => undefined);
    if (!folder?.isDirectory()) {
      throw new ConflictError(`File browse error: the folder ${path} does not exist any more`);
    }
    await openFolder(path, env);
    return { ok: true };
  });
}
