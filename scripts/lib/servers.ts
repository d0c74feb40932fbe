import type { DatabaseHandle } from '@benchside/db/open-database';
import type { Mailer } from '@benchside/server/mail/mailer';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import { buildApiApp } from '../../apps/api/src/app.ts';
import { loadSpa, type Spa, WEB_DIST_DIR } from '../../apps/api/src/spa.ts';
import type { Lifecycle } from './lifecycle.ts';

/**
 * The built web app, read into memory with its compressed forms; null, said in the log, when it
 * has not been built. The reads wait on the disk and libuv's threads, so an entry point starts
 * them before it opens the database and they finish while it boots or connects.
 */
export async function loadWebApp(lifecycle: Lifecycle): Promise<Spa | null> {
  const spa = await loadSpa(WEB_DIST_DIR, lifecycle.config);
  if (!spa) lifecycle.log.warn(`No web app build in ${WEB_DIST_DIR}: only the API is served`);
  return spa;
}

/** The portal's origin on PORT: the main API, the downloads host and `spa`, the web app, when built. */
export async function serveApi(
  lifecycle: Lifecycle,
  database: DatabaseHandle,
  mailer: Mailer,
  storage: ObjectStorage,
  spa: Spa | null,
): Promise<void> {
  const { config, logger } = lifecycle;
  const api = await buildApiApp({
    config,
    db: database.db,
    mailer,
    storage,
    spa,
    logger: logger.child({ name: 'api' }),
    databasePool: database.pool,
    databaseNotices: database.listen,
  });
  await lifecycle.listen(api, config.port);
}

/** The support service on SUPPORT_PORT. */
export async function serveSupport(
  lifecycle: Lifecycle,
  database: DatabaseHandle,
  storage: ObjectStorage,
): Promise<void> {
  const { config, logger } = lifecycle;
  // Loaded here, not with the API's modules: `npm start` opens the portal first, and the portal
  // answers between the steps of this load.
  const { buildSupportApp } = await import('../../apps/support/src/app.ts');
  const support = await buildSupportApp({
    config,
    db: database.db,
    storage,
    logger: logger.child({ name: 'support' }),
    databasePool: database.pool,
    databaseNotices: database.listen,
  });
  await lifecycle.listen(support, config.supportPort);
}
