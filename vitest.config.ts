import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/support', 'apps/helper', 'apps/web'],
    // Vitest's default is one worker fewer than the CPUs: a single worker on a 2-core machine. The
    // API files spend most of their time in scrypt (libuv's pool) and PGlite, so one worker per CPU
    // keeps both cores busy; every file has its own in-memory PGlite and ephemeral ports. On
    // DATABASE_URL (.ci/run's PostgreSQL pass) files migrate their own schemas on one server, and
    // Kysely's migrator then sees another file's migration tables: that pass keeps the default.
    maxWorkers: process.env.DATABASE_URL
      ? Math.max(availableParallelism() - 1, 1)
      : Math.max(2, availableParallelism()),
  },
});
