import type { Database } from '@benchside/db/database';
import type { ConnectionPoolCounts, DatabaseHandle } from '@benchside/db/open-database';
import type { Config } from '@benchside/server/config';
import { createAttachmentStorage } from '@benchside/server/conversations/attachment-storage';
import { type App, createServer } from '@benchside/server/create-server';
import { NotFoundError } from '@benchside/server/errors';
import {
  databaseReadiness,
  registerHealthRoute,
  registerReadinessRoute,
  storageReadiness,
} from '@benchside/server/health';
import { registerMailInbox } from '@benchside/server/mail/inbox-routes';
import type { Mailer } from '@benchside/server/mail/mailer';
import { registerMailOutbox } from '@benchside/server/mail/outbox';
import { countStorageError, registerMetrics } from '@benchside/server/metrics';
import { registerOpenApi } from '@benchside/server/openapi';
import { createRateLimiter, registerRateLimits } from '@benchside/server/rate-limit';
import { registerSessions, registerSignedInRoutes } from '@benchside/server/sessions';
import { createObjectStorage, type ObjectStorage } from '@benchside/server/storage/object-storage';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { registerActivityRoutes } from './account/activity-routes.ts';
import { registerChangeEmailRoutes } from './account/change-email-routes.ts';
import { registerProfileRoutes } from './account/profile-routes.ts';
import { registerPasswordResetRoutes } from './auth/password-reset-routes.ts';
import { registerRegistrationRoutes } from './auth/registration-routes.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerTwoFactorRoutes } from './auth/two-factor-routes.ts';
import { registerCardsArea } from './cards/routes.ts';
import { registerCatalogue } from './catalogue/register.ts';
import { registerPublishTestRoute } from './catalogue/test-route.ts';
import { registerConversationRoutes } from './conversations/routes.ts';
import { registerCreditRoutes } from './credits/routes.ts';
import { registerCustomerRoutes } from './customers/routes.ts';
import { runCreditPackExpiries } from './expiry/credit-pack-expiry.ts';
import { runExpiryReminders } from './expiry/reminder-job.ts';
import { registerExpiryReminderTestRoute } from './expiry/test-route.ts';
import { registerHelperInstallerRoute } from './helper-installer/routes.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { createPeriodicJob } from './periodic-job.ts';
import { registerSocialAuthRoutes } from './social/routes.ts';
import type { Spa } from './spa.ts';
import { registerSupportedModelRoutes } from './supported-models/routes.ts';
import { runWatchDigests } from './watches/digest-job.ts';
import { registerWatchRoutes } from './watches/routes.ts';

/** Paths the single-page app never answers, even for GET. */
const SERVER_PREFIXES = /^\/(?:api|dl|dev)(?:[/?]|$)/;

export interface ApiAppOptions {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  logger?: FastifyBaseLogger;
  /** Where files are kept; the one the configuration names when left out. */
  storage?: ObjectStorage;
  /** The web app to serve, read from its build by `loadSpa`; none when left out (API tests). */
  spa?: Spa | null;
  /** For `/metrics`; null or omitted on PGlite, which has no pool. */
  databasePool?: ConnectionPoolCounts | null;
  /** The database's notices, which let an embedded database's sessions be kept (decision 156). */
  databaseNotices?: DatabaseHandle['listen'];
}

/** The portal's origin: the main API under /api, the built web app everywhere else. */
export async function buildApiApp(options: ApiAppOptions): Promise<App> {
  const { config, db, mailer } = options;
  const storage = options.storage ?? (await createObjectStorage(config, { onError: countStorageError }));
  const spa = options.spa ?? null;

  const app = createServer({
    config,
    ...(options.logger ? { logger: options.logger } : {}),
    trustedOrigins: [config.publicOrigin],
    notFoundHandler: (request, reply) => {
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (spa && isPage && !SERVER_PREFIXES.test(request.url)) return spa.serve(request, reply);
      throw new NotFoundError();
    },
  });
  registerMetrics(app, '/metrics', {
    allow: config.metricsAllow,
    db,
    pool: options.databasePool ?? null,
    mailOutbox: true,
  });
  await registerOpenApi(app, {
    prefix: '/api',
    title: 'Benchside main API',
    description: 'The portal API (spec §7). Errors answer {message, violations?[{propertyPath, message}]}.',
    serverUrl: config.publicUrl,
  });
  await registerSessions(app, db, {
    secureCookies: config.secureCookies,
    listen: options.databaseNotices ?? null,
  });

  registerHealthRoute(app, '/api/health', db);
  registerReadinessRoute(app, '/api/ready', [databaseReadiness(db), storageReadiness(storage)]);
  registerMailOutbox(app, db, mailer);
  // The pack expiries and the daily digest share the reminders' tick: each run does only what the
  // database says is due.
  const scheduledJobs = [
    createPeriodicJob({
      name: 'Credit pack expiries',
      run: () => runCreditPackExpiries(db),
      intervalMs: config.expiryReminderIntervalMinutes * 60_000,
      logger: app.log,
    }),
    createPeriodicJob({
      name: 'Expiry reminders',
      run: () => runExpiryReminders(db),
      intervalMs: config.expiryReminderIntervalMinutes * 60_000,
      logger: app.log,
    }),
    createPeriodicJob({
      name: 'Watch list digests',
      run: () => runWatchDigests(db),
      intervalMs: config.expiryReminderIntervalMinutes * 60_000,
      logger: app.log,
    }),
  ];
  app.addHook('onReady', async () => {
    for (const job of scheduledJobs) job.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all(scheduledJobs.map((job) => job.stop()));
  });
  // The e2e stack's own routes: the reminder job and the operator's publish, on demand.
  if (config.expiryReminderTestRoute) {
    registerExpiryReminderTestRoute(app, db);
    registerPublishTestRoute(app, { config, db, storage });
  }
  const accounts = { db, limiter: createRateLimiter(db) };
  registerRateLimits(app, accounts.limiter);
  registerAuthRoutes(app, accounts);
  registerTwoFactorRoutes(app, accounts);
  registerRegistrationRoutes(app, accounts);
  registerPasswordResetRoutes(app, accounts);
  registerChangeEmailRoutes(app, accounts);
  registerSocialAuthRoutes(app, accounts, config);
  await registerCatalogue(app, { config, db, storage });
  registerSignedInRoutes(app, async (signedIn) => {
    registerProfileRoutes(signedIn, accounts);
    registerActivityRoutes(signedIn, accounts);
    await registerConversationRoutes(signedIn, { db, storage: createAttachmentStorage(storage) });
    registerNotificationRoutes(signedIn, { db });
    registerCardsArea(signedIn, { db, config });
    registerSupportedModelRoutes(signedIn, { db });
    registerCustomerRoutes(signedIn, { db });
    registerCreditRoutes(signedIn, accounts);
    registerWatchRoutes(signedIn, accounts);
  });
  registerHelperInstallerRoute(app, { storage });
  if (mailer.catcher) registerMailInbox(app, mailer.catcher);
  return app;
}
