import { migrateToLatest } from '@benchside/db/migrate';
import { type DatabaseHandle, openDatabase } from '@benchside/db/open-database';
import { type Config, ConfigError, type Env, loadConfig } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { stopEsbuildService } from '@benchside/server/esbuild-service';
import { createLogger } from '@benchside/server/logger';
import { createMailer, type Mailer } from '@benchside/server/mail/mailer';
import { countStorageError } from '@benchside/server/metrics';
import { createObjectStorage, type ObjectStorage } from '@benchside/server/storage/object-storage';
import type { Logger } from 'pino';

/**
 * What every entry point (`npm start`, `serve:api`, `serve:support`, `migrate`) shares: the
 * configuration read once, the logger, and one way to stop. What an entry point starts it hands to
 * `onStop`; stopping runs those in reverse, so the database, opened first, closes last.
 */
export interface Lifecycle {
  config: Config;
  logger: Logger;
  /** The entry point's own lines. */
  log: Logger;
  onStop(stop: () => Promise<unknown>): void;
  /** Listens on `port`; when the process stops, the servers drain side by side, before the rest. */
  listen(app: App, port: number): Promise<void>;
}

interface RunningLifecycle extends Lifecycle {
  /** Runs every stop, even after one fails, and throws the failures together. */
  stopAll(): Promise<void>;
}

function createLifecycle(name: string, env: Env): RunningLifecycle {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config);
  const stops: Array<() => Promise<unknown>> = [];
  const servers: App[] = [];
  return {
    config,
    logger,
    log: logger.child({ name }),
    onStop(stop) {
      stops.push(stop);
    },
    async listen(app, port) {
      if (servers.length === 0) stops.push(() => Promise.all(servers.map((server) => server.close())));
      servers.push(app);
      await app.listen({ host: config.host, port });
    },
    async stopAll() {
      const failures: unknown[] = [];
      for (const stop of stops.toReversed()) {
        await stop().catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw new AggregateError(failures, 'Stopping failed');
    },
  };
}

function startupFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
    ? `Start-up failed: a port is already in use (${message})`
    : `Start-up failed: ${message}`;
}

/**
 * Runs an entry point that serves until SIGTERM (or Ctrl-C), then drains: the servers stop
 * accepting connections and finish the requests under way, the mail sender finishes its
 * deliveries, the database closes last. Exits 0 when all that took less than SHUTDOWN_GRACE_MS,
 * otherwise 1 after saying so; and 1 when start-up fails.
 */
export function serve(name: string, env: Env, start: (lifecycle: Lifecycle) => Promise<void>): void {
  const lifecycle = createLifecycle(name, env);
  const { config, log } = lifecycle;
  let stopping = false;

  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, draining (at most ${config.shutdownGraceMs} ms)`);
    setTimeout(() => {
      log.error(`Still stopping after SHUTDOWN_GRACE_MS (${config.shutdownGraceMs} ms); exiting anyway`);
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    let exitCode = 0;
    try {
      await lifecycle.stopAll();
    } catch (error) {
      log.error({ err: error }, 'Stopping failed');
      exitCode = 1;
    }
    await stopEsbuildService();
    process.exit(exitCode);
  };
  // `on`, not `once`: Ctrl-C under `npm start` delivers SIGINT twice (the terminal's and npm's
  // forwarded copy), and a second signal without a listener would kill the process before it has
  // stopped cleanly.
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));

  start(lifecycle).catch(async (error: unknown) => {
    log.error(startupFailure(error));
    stopping = true;
    await lifecycle.stopAll().catch(() => {});
    await stopEsbuildService();
    process.exit(1);
  });
}

/** Runs a task to its end (`npm run migrate`): exit 0, or 1 after saying why. */
export function runOnce(name: string, env: Env, task: (lifecycle: Lifecycle) => Promise<void>): void {
  const lifecycle = createLifecycle(name, env);
  void (async () => {
    let exitCode = 0;
    try {
      await task(lifecycle);
    } catch (error) {
      lifecycle.log.error(error instanceof Error ? error.message : String(error));
      exitCode = 1;
    }
    try {
      await lifecycle.stopAll();
    } catch (error) {
      lifecycle.log.error({ err: error }, 'Stopping failed');
      exitCode = 1;
    }
    process.exit(exitCode);
  })();
}

/**
 * The configured database (PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR), migrated.
 * Nodes starting together migrate one at a time, and the later ones find nothing left to do.
 */
export async function openMigratedDatabase(lifecycle: Lifecycle): Promise<DatabaseHandle> {
  const { config, log } = lifecycle;
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ dataDir: config.dataDir });
  lifecycle.onStop(() => database.close());
  const migrations = await migrateToLatest(database.db);
  for (const result of migrations.results ?? []) log.info(`Migration ${result.migrationName} applied`);
  return database;
}

/** SMTP_URL's mailer, or the demo's catcher. */
export async function startMailer(lifecycle: Lifecycle): Promise<Mailer> {
  const mailer = await createMailer(lifecycle.config, lifecycle.logger.child({ name: 'mail' }));
  lifecycle.onStop(() => mailer.close());
  return mailer;
}

/** The file storage the configuration names (DATA_DIR or S3_BUCKET); its failures count in /metrics. */
export function openStorage(lifecycle: Lifecycle): Promise<ObjectStorage> {
  return createObjectStorage(lifecycle.config, { onError: countStorageError });
}
