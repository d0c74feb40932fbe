import { openMigratedDatabase, runOnce } from './lib/lifecycle.ts';

/**
 * `npm run migrate`: applies the pending migrations to the configured database and exits, for an
 * upgrade that migrates before it replaces the nodes. Nodes also migrate when they start.
 */
runOnce('migrate', process.env, async (lifecycle) => {
  await openMigratedDatabase(lifecycle);
});
