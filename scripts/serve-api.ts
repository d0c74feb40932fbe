import { openMigratedDatabase, openStorage, serve, startMailer } from './lib/lifecycle.ts';
import { loadWebApp, serveApi } from './lib/servers.ts';

/**
 * `npm run serve:api`: one API node, from the environment alone (no web build, no seed, no
 * helper): the main API, the downloads host and the web app when it has been built, on PORT. Any
 * number of them run side by side on one PostgreSQL database behind a load balancer; each
 * migrates at start, one at a time. SIGTERM drains it within SHUTDOWN_GRACE_MS.
 */
serve('serve-api', process.env, async (lifecycle) => {
  // The web app is read while the database connects and migrates (loadWebApp).
  const [database, spa] = await Promise.all([openMigratedDatabase(lifecycle), loadWebApp(lifecycle)]);
  const mailer = await startMailer(lifecycle);
  await serveApi(lifecycle, database, mailer, await openStorage(lifecycle), spa);
  lifecycle.log.info(`API listening on ${lifecycle.config.host}:${lifecycle.config.port}`);
});
