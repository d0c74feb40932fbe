import { currentUserSchema } from '@benchside/contracts/auth';
import type { Database } from '@benchside/db/database';
import type { ConnectionPoolCounts, DatabaseHandle } from '@benchside/db/open-database';
import type { Config } from '@benchside/server/config';
import { createAttachmentStorage } from '@benchside/server/conversations/attachment-storage';
import { type App, createServer } from '@benchside/server/create-server';
import { toCurrentUser } from '@benchside/server/current-user';
import {
  databaseReadiness,
  registerHealthRoute,
  registerReadinessRoute,
  storageReadiness,
} from '@benchside/server/health';
import { countStorageError, registerMetrics } from '@benchside/server/metrics';
import { registerSessions, registerSignedInRoutes } from '@benchside/server/sessions';
import { createObjectStorage, type ObjectStorage } from '@benchside/server/storage/object-storage';
import fastifyCors from '@fastify/cors';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { registerKnowledgeBaseRoutes } from './kb/routes.ts';
import { registerTicketRoutes } from './tickets.ts';

export interface SupportAppOptions {
  config: Config;
  db: Kysely<Database>;
  logger?: FastifyBaseLogger;
  /** For `/metrics`; null or omitted on PGlite, which has no pool. */
  databasePool?: ConnectionPoolCounts | null;
  /** The database's notices, which let an embedded database's sessions be kept (decision 156). */
  databaseNotices?: DatabaseHandle['listen'];
  /** Where uploads are kept, shared with the portal's API; the one the configuration names when left out. */
  storage?: ObjectStorage;
}

/**
 * The support service on its own origin (spec §7 "Support service"). The portal's pages call it
 * with credentials, so CORS admits exactly the portal's origin, and the portal's session cookie
 * signs the user in here too.
 */
export async function buildSupportApp(options: SupportAppOptions): Promise<App> {
  const { config, db } = options;
  const storage = options.storage ?? (await createObjectStorage(config, { onError: countStorageError }));
  const app = createServer({
    config,
    ...(options.logger ? { logger: options.logger } : {}),
    trustedOrigins: [config.publicOrigin],
  });
  registerMetrics(app, '/metrics', {
    allow: config.metricsAllow,
    db,
    pool: options.databasePool ?? null,
    mailOutbox: false,
  });
  await app.register(fastifyCors, {
    origin: [config.publicOrigin],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  await registerSessions(app, db, {
    secureCookies: config.secureCookies,
    listen: options.databaseNotices ?? null,
  });

  registerHealthRoute(app, '/health', db);
  registerReadinessRoute(app, '/ready', [databaseReadiness(db), storageReadiness(storage)]);
  registerSignedInRoutes(app, async (signedIn) => {
    signedIn.get('/me', { schema: { response: { 200: currentUserSchema } } }, async (request) =>
      toCurrentUser(request.user),
    );
    await registerTicketRoutes(signedIn, { db, storage: createAttachmentStorage(storage) });
    registerKnowledgeBaseRoutes(signedIn, db);
  });
  return app;
}
