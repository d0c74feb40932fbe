import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '@benchside/db/migrate';
import { openDatabase } from '@benchside/db/open-database';
import { createLocalStorage } from '@benchside/server/storage/local-storage';
import { seedDemo } from '../apps/api/src/seed/demo.ts';
import { type Child, freePort, startChild, waitUntil } from './processes.ts';

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'Demo#Bench2026';
const SESSION_COOKIE = 'bs_session';

export type Stack = { baseUrl: string; database: string; stop: () => Promise<void> };

export interface StackOptions {
  /** Fills the database (DATA_DIR or DATABASE_URL of `env`) before the portal claims it. */
  prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
  /** Configuration of this stack beside the defaults, e.g. `SUPPORT_ENABLED`. */
  env?: NodeJS.ProcessEnv;
}

/** The whole portal exactly as `npm start` runs it, on free ports with a throw-away DATA_DIR. */
export async function startStack(root: string, options: StackOptions = {}): Promise<Stack> {
  const scratch = await mkdtemp(join(tmpdir(), 'benchside-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SUPPORT_PORT: String(await freePort()),
    HELPER_PORTS: String(await freePort()),
    HELPER_CONFIG_DIR: join(scratch, 'helper'),
    DATA_DIR: join(scratch, 'data'),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // The embedded PGlite by default, as `npm start` runs; BENCH_DATABASE_URL measures a real PostgreSQL.
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  const baseUrl = `http://127.0.0.1:${port}`;
  if (options.prepare) await options.prepare(env);
  const child: Child = startChild(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], env, root);
  const stop = async () => {
    await child.stop();
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      async () => {
        if (child.process.exitCode !== null) throw new Error(`npm start exited early:\n${child.output()}`);
        return (await fetch(`${baseUrl}/api/health`)).ok;
      },
      `${baseUrl}/api/health`,
      180_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, database: benchDatabase(), stop };
}

/** The database the stacks run on: BENCH_DATABASE_URL's PostgreSQL, else the embedded PGlite. */
export function benchDatabase(): string {
  return process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (embedded)';
}

/** Signs the demo user in and returns the `Cookie` header value that carries the session. */
export async function signInAsDemo(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Demo sign-in failed: ${response.status} ${await response.text()}`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (session === undefined) throw new Error(`Demo sign-in set no ${SESSION_COOKIE} cookie`);
  return session;
}

/**
 * The database a stack will run on (its DATA_DIR's PGlite, or DATABASE_URL), migrated and seeded
 * as `npm start` would: for a `prepare` step that fills it before the portal claims it.
 */
export async function openSeededDatabase(env: NodeJS.ProcessEnv) {
  const database = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL })
    : await openDatabase({ dataDir: String(env.DATA_DIR) });
  await migrateToLatest(database.db);
  await seedDemo(database.db, createLocalStorage(String(env.DATA_DIR)), {
    dataDir: String(env.DATA_DIR),
    packageSigningKey: null,
  });
  return database;
}
