import { fileURLToPath } from 'node:url';
import { HELPER_PROTOCOL } from '@benchside/contracts/helper';
import { stopEsbuildService } from '@benchside/server/esbuild-service';
import { createLogger } from '@benchside/server/logger';
import { buildHelperApp, HELPER_VERSION } from './app.ts';
import { HelperConfigError, loadHelperConfig } from './config.ts';
import { registerProtocol } from './desktop/register-protocol.ts';
import { loadCardReaderConfig } from './hardware/card-reader-config.ts';
import { acquireInstanceLock, InstanceLockedError } from './instance-lock.ts';
import { findRunningHelper, listenOnFirstFreePort } from './listen.ts';

const SHUTDOWN_TIMEOUT_MS = 5000;
const BIN = fileURLToPath(new URL('../bin/benchside-helper.js', import.meta.url));

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--version')) {
    process.stdout.write(`${HELPER_VERSION}\n`);
    return;
  }
  if (args.includes('--register-protocol')) {
    await registerProtocolAndExit();
    return;
  }
  const config = loadHelperConfig();
  const cardReaders = loadCardReaderConfig();
  // A `benchside-helper://` link opened while the helper runs must not start a second one on the next port.
  if (args.some((arg) => arg.startsWith(`${HELPER_PROTOCOL}:`))) {
    const running = await findRunningHelper(config.ports);
    if (running !== undefined) {
      process.stdout.write(`The helper already runs on port ${running}\n`);
      return;
    }
  }
  // Before the app opens the folder: its start-up cleans up what a killed helper left there.
  const lock = await acquireInstanceLock(config.configDir);
  process.on('exit', () => lock.releaseSync());
  const app = await buildHelperApp({
    origins: config.origins,
    configDir: config.configDir,
    peerToPeer: config.peerToPeer,
    packageTrust: { downloadsHosts: config.downloadsHosts, publicKeys: config.packageKeys },
    cardReaders,
    loggerInstance: createLogger(
      {
        logLevel: config.logLevel,
        nodeEnv: process.env.NODE_ENV === 'production' ? 'production' : 'development',
      },
      'helper',
    ),
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.debug(`${signal} received, stopping`);
    // A stuck connection must not keep the process alive after Ctrl-C.
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    void (async () => {
      let exitCode = 0;
      try {
        await app.close();
      } catch (error) {
        app.log.error({ err: error }, 'helper did not stop cleanly');
        exitCode = 1;
      }
      await stopEsbuildService();
      process.exit(exitCode);
    })();
  };
  // `on`, not `once`: under `npm start` the helper gets the terminal's SIGINT and then its parent's
  // SIGTERM, and a signal without a listener would kill it mid-shutdown.
  // Before listening: the listening line is out before `listen` returns, and a signal sent on
  // seeing it would otherwise find no listener.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await listenOnFirstFreePort(app, config.ports);
}

async function registerProtocolAndExit(): Promise<void> {
  if (process.platform !== 'linux') {
    throw new HelperConfigError(
      '--register-protocol writes a Linux desktop entry; on this system the installer registers the link',
    );
  }
  const registration = await registerProtocol({ command: [process.execPath, BIN], env: process.env });
  for (const line of registration.lines) process.stdout.write(`${line}\n`);
  if (registration.outcome !== 'registered') process.exitCode = 1;
}

main().catch((error: unknown) => {
  if (error instanceof HelperConfigError || error instanceof InstanceLockedError) {
    process.stderr.write(`benchside-helper: ${error.message}\n`);
  } else {
    process.stderr.write(
      `benchside-helper: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
