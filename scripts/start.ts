import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMigratedDatabase, openStorage, serve, startMailer } from './lib/lifecycle.ts';

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
const env = process.env.BENCHSIDE_DEMO?.trim() ? process.env : { ...process.env, BENCHSIDE_DEMO: '1' };

serve('start', env, async (lifecycle) => {
  const { config, log } = lifecycle;
  // The embedded database boots for most of a second, partly off this thread (its WebAssembly
  // compiles in the background): started first, it boots while the servers' modules evaluate.
  const opening = openMigratedDatabase(lifecycle);
  // Awaited below; without this a failure of the other steps first would leave it unhandled.
  opening.catch(() => {});
  const [
    { buildWebIfStale },
    { packHelperIfStale },
    { helperInstallerTrust, storeHelperInstaller },
    { INSTALLER_PATH },
    { DEMO_ACCOUNT, seedDemo },
    { loadWebApp, serveApi, serveSupport },
    { startHelper },
  ] = await Promise.all([
    import('./build-web.ts'),
    import('./lib/helper-installer.ts'),
    import('../apps/api/src/helper-installer/routes.ts'),
    import('../apps/helper/scripts/pack.ts'),
    import('../apps/api/src/seed/demo.ts'),
    import('./lib/servers.ts'),
    import('./lib/helper-process.ts'),
  ]);
  await buildWebIfStale(root, log);
  // Read while the database boots: its reads wait on the disk and libuv's threads, not this one.
  const loadingWeb = loadWebApp(lifecycle);
  loadingWeb.catch(() => {});
  const trust = await helperInstallerTrust(config);
  await packHelperIfStale(root, log, trust);
  const storage = await openStorage(lifecycle);
  await storeHelperInstaller(storage, INSTALLER_PATH);

  const database = await opening;
  if (config.demo && (await seedDemo(database.db, storage, config))) {
    log.info('Empty database: demo account created');
  }
  const mailer = await startMailer(lifecycle);
  await serveApi(lifecycle, database, mailer, storage, await loadingWeb);
  await serveSupport(lifecycle, database, storage);

  const helper = startHelper(root, log, config, { HELPER_PACKAGE_KEY: trust.packageKeys.join(',') });
  if (helper) lifecycle.onStop(() => helper.stop());

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
    `  Files              ${storage.location}`,
    ...(config.demo ? [`  Demo sign-in: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`] : []),
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});
