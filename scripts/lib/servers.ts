import type { DatabaseHandle } from '@benchside/db/open-database';
import type { Mailer } from '@benchside/server/mail/mailer';
import { buildApiApp } from '../../apps/api/src/app.ts';
import { buildSupportApp } from '../../apps/support/src/app.ts';
import type { Lifecycle } from './lifecycle.ts';

/** The portal's origin on PORT: the main API, the downloads host and the web app when it is built. */
export async function serveApi(
  lifecycle: Lifecycle,
  database: DatabaseHandle,
  mailer: Mailer,
): Promise<void> {
  const { config, logger } = lifecycle;
  const api = await buildApiApp({
    config,
    db: database.db,
    mailer,
    logger: logger.child({ name: 'api' }),
    databasePool: database.pool,
  });
  await lifecycle.listen(api, config.port);
}

/** The support service on SUPPORT_PORT. */
export async function serveSupport(lifecycle: Lifecycle, database: DatabaseHandle): Promise<void> {
  const { config, logger } = lifecycle;
  const support = await buildSupportApp({
    config,
    db: database.db,
    logger: logger.child({ name: 'support' }),
    databasePool: database.pool,
  });
  await lifecycle.listen(support, config.supportPort);
}
