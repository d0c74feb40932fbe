import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import Fastify, { LogController } from 'fastify';
import packageJson from '../package.json' with { type: 'json' };
import { installErrorHandlers } from './http-errors.ts';
import { registerGeneralRoutes } from './routes/general.ts';
import { installLoopbackSecurity } from './security.ts';
import { SettingsStore } from './settings-store.ts';

export const HELPER_VERSION = packageJson.version;

// Helper calls carry small JSON documents; anything bigger is a mistake or an attack.
const BODY_LIMIT_BYTES = 64 * 1024;

export type HelperAppOptions = {
  /** Exact origins whose pages may call the helper. */
  origins: readonly string[];
  /** Per-user folder holding the helper's state. */
  configDir: string;
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

  const settings = await SettingsStore.open(options.configDir, (message) => app.log.warn(message));

  installErrorHandlers(app);
  installLoopbackSecurity(app, options.origins);
  acceptEmptyJsonBodies(app);
  registerGeneralRoutes(app, { version: HELPER_VERSION, configDir: options.configDir, settings });
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
