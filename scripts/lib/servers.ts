import type { DatabaseHandle } from '@benchside/db/open-database';
import type { Mailer } from '@benchside/server/mail/mailer';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import { buildApiApp } from '../../apps/api/src/app.ts';
import type { Lifecycle } from './lifecycle.ts';

/** The portal's origin on PORT: the main API, the downloads host and the web app when it is built. */
export async function serveApi(
  lifecycle: Lifecycle,
  database: DatabaseHandle,
  mailer: Mailer,
  storage: ObjectStorage,
): Promise<void> {
  const { config, logger } = lifecycle;
  const api = await buildApiApp({
    config,
    db: database.db,
    mailer,
    storage,
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
