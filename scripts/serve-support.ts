import { openMigratedDatabase, openStorage, serve } from './lib/lifecycle.ts';
import { serveSupport } from './lib/servers.ts';

/**
 * `npm run serve:support`: one support service node on SUPPORT_PORT, from the environment alone,
 * as `serve:api` is for the API; any number behind a load balancer.
 */
serve('serve-support', process.env, async (lifecycle) => {
  const database = await openMigratedDatabase(lifecycle);
  await serveSupport(lifecycle, database, await openStorage(lifecycle));
  lifecycle.log.info(`Support service listening on ${lifecycle.config.host}:${lifecycle.config.supportPort}`);
});
