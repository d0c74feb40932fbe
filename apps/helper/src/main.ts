import { createLogger } from '@benchside/server/logger';
import { buildHelperApp } from './app.ts';
import { HelperConfigError, loadHelperConfig } from './config.ts';
import { listenOnFirstFreePort } from './listen.ts';

const SHUTDOWN_TIMEOUT_MS = 5000;

async function main(): Promise<void> {
  const config = loadHelperConfig();
  const app = await buildHelperApp({
    origins: config.origins,
    configDir: config.configDir,
    loggerInstance: createLogger(
      {
        logLevel: config.logLevel,
        nodeEnv: process.env.NODE_ENV === 'production' ? 'production' : 'development',
      },
      'helper',
    ),
  });
  await listenOnFirstFreePort(app, config.ports);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.debug(`${signal} received, stopping`);
    // A stuck connection must not keep the process alive after Ctrl-C.
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'helper did not stop cleanly');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: under `npm start` the helper gets the terminal's SIGINT and then its parent's
  // SIGTERM, and a signal without a listener would kill it mid-shutdown.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof HelperConfigError) {
    process.stderr.write(`benchside-helper: ${error.message}\n`);
  } else {
    process.stderr.write(
      `benchside-helper: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
