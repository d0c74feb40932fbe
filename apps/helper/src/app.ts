import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import Fastify, { LogController } from 'fastify';
import packageJson from '../package.json' with { type: 'json' };
import { removeUnfinishedWrites } from './atomic-json.ts';
import { defaultDownloadFolder } from './download-folder.ts';
import { DownloadManager } from './downloads/download-manager.ts';
import { PackageSource, type PackageTrust } from './downloads/package-source.ts';
import { type CardReaderConfig, createCardReaderDriver } from './hardware/card-reader-config.ts';
import { OperationStatusRegistry } from './hardware/operation-status.ts';
import { installErrorHandlers } from './http-errors.ts';
import { registerDownloadRoutes } from './routes/downloads.ts';
import { downloadLimitBytes, registerGeneralRoutes } from './routes/general.ts';
import { registerHardwareRoutes } from './routes/hardware.ts';
import { registerSoftwareRoutes } from './routes/software.ts';
import { installLoopbackSecurity } from './security.ts';
import { SettingsStore } from './settings-store.ts';
import { InstalledTools } from './software/installed-tools.ts';
import { PackageInstaller } from './software/package-installer.ts';

export const HELPER_VERSION = packageJson.version;

// Helper calls carry small JSON documents; anything bigger is a mistake or an attack.
const BODY_LIMIT_BYTES = 64 * 1024;

export type HelperAppOptions = {
  /** Exact origins whose pages may call the helper. */
  origins: readonly string[];
  /** Per-user folder holding the helper's state; only one app at a time may use it (`acquireInstanceLock`). */
  configDir: string;
  /** PC/SC or the simulated reader (`loadCardReaderConfig`). */
  cardReaders: CardReaderConfig;
  /** Where packages may come from and the keys that sign them (HelperConfig's downloadsHosts and packageKeys). */
  packageTrust: PackageTrust;
  /** BitTorrent peers (DHT, trackers, a listener on every interface) besides web seeds; off by default. */
  peerToPeer?: boolean;
  /** The desktop session tools and the file manager are started in; `process.env` by default. */
  env?: NodeJS.ProcessEnv;
  /** Options for Fastify's own logger (tests), or… */
  logger?: FastifyServerOptions['logger'];
  /** …a logger made elsewhere (the daemon's readable one). */
  loggerInstance?: FastifyBaseLogger;
};

export async function buildHelperApp(options: HelperAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    // Per-request lines would drown the few that matter in the terminal of `npm start`.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // The helper is reached only as 127.0.0.1 or localhost, never through a proxy.
    trustProxy: false,
  });
  const { configDir } = options;
  const warn = (message: string) => app.log.warn(message);

  await removeUnfinishedWrites(configDir);
  const settings = await SettingsStore.open(configDir, warn);
  const source = new PackageSource(options.packageTrust);
  // Read once: "pause at startup" acts on this start only, a change to it on the next one.
  const downloadSettings = settings.downloadSettings;
  const downloads = await DownloadManager.open({
    stateDir: configDir,
    downloadFolder: () => settings.current.downloadFolder ?? defaultDownloadFolder(configDir),
    peerToPeer: options.peerToPeer ?? false,
    webSeedAllowed: (url) => source.isAllowed(url),
    downloadLimit: downloadLimitBytes(downloadSettings),
    pauseAtStartup: downloadSettings.pauseAtStartup,
    warn,
  });
  const cardReaders = createCardReaderDriver(options.cardReaders, configDir);
  const tools = await InstalledTools.open(configDir, warn);
  const installer = await PackageInstaller.open({
    toolsFolder: join(configDir, 'tools'),
    downloads,
    tools,
    warn,
    packageKeys: options.packageTrust.publicKeys,
  });
  // Runs after the server stopped taking requests: transfers end, readers are released.
  app.addHook('onClose', async () => {
    await Promise.all([downloads.close(), cardReaders.close()]);
  });

  installErrorHandlers(app);
  installLoopbackSecurity(app, options.origins);
  acceptEmptyJsonBodies(app);
  registerGeneralRoutes(app, {
    version: HELPER_VERSION,
    configDir,
    settings,
    applyDownloadLimit: (bytesPerSecond) => downloads.setDownloadLimit(bytesPerSecond),
  });
  registerDownloadRoutes(app, { downloads, source, installer, env: options.env ?? process.env });
  registerSoftwareRoutes(app, { tools });
  registerHardwareRoutes(app, { cardReaders, operations: new OperationStatusRegistry() });
  return app;
}

/** A body-less JSON POST (`fetch(url, {method: 'POST', headers: {'content-type': 'application/json'}})`) means `{}`. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
}
