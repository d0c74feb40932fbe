import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest } from '@benchside/db/migrate';
import { type DatabaseHandle, openDatabase } from '@benchside/db/open-database';
import { type Config, ConfigError, loadConfig } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { createLogger } from '@benchside/server/logger';
import { createMailer, type Mailer } from '@benchside/server/mail/mailer';
import { buildApiApp } from '../apps/api/src/app.ts';
import { helperInstallerTrust } from '../apps/api/src/helper-installer/routes.ts';
import { DEMO_ACCOUNT, seedDemo } from '../apps/api/src/seed/demo.ts';
import { buildSupportApp } from '../apps/support/src/app.ts';
import { packHelperIfStale } from './lib/helper-installer.ts';
import { type HelperProcess, startHelper } from './lib/helper-process.ts';
import { buildWebIfStale } from './lib/web-build.ts';

/**
 * `npm start`: the whole portal in one foreground process — web app and main API on PORT, the
 * support service on SUPPORT_PORT, the embedded database, the mail catcher — plus the local helper
 * as a child process. Ctrl-C stops everything.
 *
 * It is the demo: it turns BENCHSIDE_DEMO on unless the caller set it, so the demo's public
 * password and card key can never reach a start that did not ask for them (production refuses the
 * flag). `BENCHSIDE_DEMO=0` runs the same processes on the caller's own settings.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHUTDOWN_TIMEOUT_MS = 8000;

let config: Config;
try {
  config = loadConfig(
    process.env.BENCHSIDE_DEMO?.trim() ? process.env : { ...process.env, BENCHSIDE_DEMO: '1' },
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createLogger(config);
const log = logger.child({ name: 'start' });

let database: DatabaseHandle | undefined;
let mailer: Mailer | undefined;
let helper: HelperProcess | null = null;
const servers: App[] = [];
let stopping = false;

async function stopEverything(): Promise<void> {
  await helper?.stop();
  await Promise.allSettled(servers.map((server) => server.close()));
  await mailer?.close();
  await database?.close();
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received, stopping`);
  setTimeout(() => {
    log.error('Stopping took too long; exiting anyway');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  try {
    await stopEverything();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'Stopping failed');
    process.exit(1);
  }
}

async function main(): Promise<void> {
  await buildWebIfStale(root, log);
  const trust = await helperInstallerTrust(config);
  await packHelperIfStale(root, log, trust);

  database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ dataDir: config.dataDir });
  const migrations = await migrateToLatest(database.db);
  for (const result of migrations.results ?? []) log.info(`Migration ${result.migrationName} applied`);
  if (config.demo && (await seedDemo(database.db, config))) log.info('Empty database: demo account created');

  mailer = await createMailer(config, logger.child({ name: 'mail' }));
  const api = await buildApiApp({ config, db: database.db, mailer, logger: logger.child({ name: 'api' }) });
  servers.push(api);
  const support = await buildSupportApp({
    config,
    db: database.db,
    logger: logger.child({ name: 'support' }),
  });
  servers.push(support);
  await api.listen({ host: config.host, port: config.port });
  await support.listen({ host: config.host, port: config.supportPort });

  helper = startHelper(root, log, config, { HELPER_PACKAGE_KEY: trust.packageKeys.join(',') });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${join(config.dataDir, 'pg')}`;
  const lines = [
    '',
    `  Benchside portal   ${config.publicUrl}   (listening on ${config.host}:${config.port})`,
    `  API docs           ${config.publicUrl}/api/docs`,
    `  Support service    ${config.supportUrl}   (listening on ${config.host}:${config.supportPort})`,
    mailer.catcher
      ? `  Mail inbox         ${config.publicUrl}/dev/mail`
      : '  Mail               sent through SMTP_URL',
    `  Database           ${where}`,
    ...(config.demo ? [`  Demo sign-in: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`] : []),
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

// `on`, not `once`: Ctrl-C under `npm start` delivers SIGINT twice (the terminal's and npm's forwarded
// copy), and a second signal without a listener would kill the process before it has stopped cleanly.
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

main().catch(async (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException).code;
  log.error(
    code === 'EADDRINUSE'
      ? `Start-up failed: a port is already in use (${message})`
      : `Start-up failed: ${message}`,
  );
  stopping = true;
  await stopEverything().catch(() => {});
  process.exit(1);
});
