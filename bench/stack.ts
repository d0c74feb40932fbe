import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '@benchside/db/migrate';
import { openDatabase } from '@benchside/db/open-database';
import { loadConfig } from '@benchside/server/config';
import { createObjectStorage } from '@benchside/server/storage/object-storage';
import { DEMO_ACCOUNT, seedDemo } from '../apps/api/src/seed/demo.ts';
import { type Backend, EMBEDDED } from './backends.ts';
import { type Child, freePort, startChild, WaitAbandoned, waitUntil } from './processes.ts';

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'Demo#Bench2026';
const SESSION_COOKIE = 'bs_session';
/**
 * How often a start asks `/api/health`: the start's figure is the time to the first 200, so a
 * coarser poll would add up to its interval to it. A refused connection costs well under 1 ms.
 */
const HEALTH_POLL_MS = 20;

export type Stack = {
  baseUrl: string;
  /** From spawning `npm start` to the first 200 from `/api/health`, on an empty database. */
  firstStartMs: number;
  /** Stops the portal and starts it again on the same data; the time to its first 200. */
  restart: () => Promise<number>;
  stop: () => Promise<void>;
};

export interface StackOptions {
  /** Where the stack keeps rows and files; the embedded defaults unless given. */
  backend?: Backend;
  /** Fills the database (DATA_DIR or DATABASE_URL of `env`) before the portal claims it. */
  prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
  /** Configuration of this stack beside the defaults, e.g. `SUPPORT_ENABLED`. */
  env?: NodeJS.ProcessEnv;
}

/**
 * The whole portal exactly as `npm start` runs it, on free ports with a throw-away DATA_DIR and
 * a fresh database and file store of its backend.
 */
export async function startStack(root: string, options: StackOptions = {}): Promise<Stack> {
  const scratch = await mkdtemp(join(tmpdir(), 'benchside-bench-'));
  const provisioned = await (options.backend ?? EMBEDDED).provision();
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && !name.startsWith('S3_')),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    SUPPORT_PORT: String(await freePort()),
    HELPER_PORTS: String(await freePort()),
    HELPER_CONFIG_DIR: join(scratch, 'helper'),
    DATA_DIR: join(scratch, 'data'),
    LOG_LEVEL: 'warn',
    ...provisioned.env,
    ...options.env,
  };
  delete env.PUBLIC_URL;
  const baseUrl = `http://127.0.0.1:${port}`;
  if (options.prepare) await options.prepare(env);

  let child: Child | undefined;
  const startPortal = async (): Promise<number> => {
    const started = performance.now();
    const running = startChild(process.execPath, ['scripts/launch.mjs', 'start'], env, root);
    child = running;
    await waitUntil(
      async () => {
        if (running.process.exitCode !== null)
          throw new WaitAbandoned(`npm start exited early:\n${running.output()}`);
        return (await fetch(`${baseUrl}/api/health`)).ok;
      },
      `${baseUrl}/api/health`,
      180_000,
      HEALTH_POLL_MS,
    );
    return Math.round(performance.now() - started);
  };
  const stop = async () => {
    await child?.stop();
    await provisioned.release();
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    const firstStartMs = await startPortal();
    const restart = async () => {
      await child?.stop();
      return startPortal();
    };
    return { baseUrl, firstStartMs, restart, stop };
  } catch (error) {
    await stop();
    throw error;
  }
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
 * as `npm start` would, the demo's files in the stack's storage: for a `prepare` step that fills
 * it before the portal claims it.
 */
export async function openSeededDatabase(env: NodeJS.ProcessEnv) {
  // As `npm start` reads it: the demo unless the caller turned it off.
  const config = loadConfig({ BENCHSIDE_DEMO: '1', ...env });
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await migrateToLatest(database.db);
  await seedDemo(database.db, await createObjectStorage(config), { ...config, packageSigningKey: null });
  return database;
}

/** The demo user's id, for a `prepare` step that gives the demo account rows of its own. */
export async function demoUserId(db: Awaited<ReturnType<typeof openSeededDatabase>>['db']): Promise<string> {
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', DEMO_ACCOUNT.username)
    .executeTakeFirstOrThrow();
  return demo.id;
}
