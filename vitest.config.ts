import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/support', 'apps/helper', 'apps/web', 'scripts'],
    // Vitest's default is one worker fewer than the CPUs: a single worker on a 2-core machine. The
    // API files spend most of their time in scrypt (libuv's pool) and the database, so one worker
    // per CPU keeps both cores busy. Every file has its own in-memory PGlite (or, on DATABASE_URL,
    // its own schema, with Kysely's migration tables kept in it) and ephemeral ports.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
