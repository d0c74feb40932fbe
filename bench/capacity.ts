import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@benchside/db/database';
import { hashSessionToken, SESSION_COOKIE } from '@benchside/server/sessions';
import type { Kysely } from 'kysely';
import { ensureNginx, referenceSite, selfSignedCertificate, startNginx } from '../deploy/test/nginx.ts';
import { type LoadFigures, measureLoad, warmUp } from './api-load.ts';
import { postgresAndS3 } from './backends.ts';
import { type Child, freePort, startChild, WaitAbandoned, waitUntil } from './processes.ts';
import { openSeededDatabase } from './stack.ts';

/** Issue 17: what one node, and two behind nginx, hold with p99 ≤ 50 ms. */
export const CAPACITY_P99_BUDGET_MS = 50;
/**
 * The web app's bell asks for the unread count this often while its tab has focus (spec §9;
 * POLL_FOCUSED_MS in apps/web/src/features/notifications/stores/unread-poller.ts, whose DOM types
 * the bench's compiler settings do not load).
 */
export const POLL_SECONDS = 30;
const POLL_PATH = '/api/notification/unread-count';
/** Clients polling back to back; the sweep stops at the first step over the budget. */
const CONNECTION_STEPS = [25, 50, 100, 200, 400, 800];
const TECHNICIANS = Math.max(...CONNECTION_STEPS);
const TECHNICIAN_PREFIX = 'bench_tech_';

export type CapacityStep = { connections: number } & LoadFigures;

export type CapacitySetup = {
  name: string;
  steps: CapacityStep[];
  /** The step with the most requests per second within the budget and without errors; null if none. */
  best: CapacityStep | null;
  /** Technicians online that rate serves at one poll per POLL_SECONDS each. */
  technicians: number;
};

export type CapacityResult = {
  pollSeconds: number;
  p99BudgetMs: number;
  setups: CapacitySetup[];
  /** Set-ups not measured in this run, and why. */
  skipped: string[];
};

/**
 * Technicians with a session each (the `Cookie` values are returned) and one unread notification,
 * written straight into the database: signing in 800 times would measure scrypt and the login
 * rate limit instead. Again on the same database, the accounts are reused with fresh sessions.
 */
export async function addTechnicians(db: Kysely<Database>, count = TECHNICIANS): Promise<string[]> {
  const usernames = Array.from({ length: count }, (_, index) => `${TECHNICIAN_PREFIX}${index}`);
  await db
    .insertInto('users')
    .values(
      usernames.map((username) => ({
        username,
        email: `${username}@example.test`,
        password_hash: null,
        is_verified: true,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const users = await db.selectFrom('users').select('id').where('username', 'in', usernames).execute();
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await db
    .insertInto('sessions')
    .values(
      users.map((user, index) => ({
        token_hash: hashSessionToken(tokens[index] ?? ''),
        user_id: user.id,
        expires_at: new Date(Date.now() + 24 * 3_600_000),
      })),
    )
    .execute();
  const notification = await db
    .insertInto('notifications')
    .values({ message: 'Bench: capacity' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('notification_to_users')
    .values(users.map((user) => ({ notification_id: notification.id, user_id: user.id })))
    .execute();
  return tokens.map((token) => `${SESSION_COOKIE}=${token}`);
}

/** Migrated, seeded as `npm start` would, and given the technicians: their session cookies. */
async function preparedDatabase(env: NodeJS.ProcessEnv): Promise<string[]> {
  const database = await openSeededDatabase(env);
  try {
    return await addTechnicians(database.db);
  } finally {
    await database.close();
  }
}

/** `npm run serve:api` on `port`: the demo's settings, its own DATA_DIR, a backend's settings when given. */
function nodeEnv(scratch: string, port: number, backendEnv: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: scratch,
    BENCHSIDE_DEMO: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(scratch, `data-${port}`),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    ...backendEnv,
  };
}

async function startApiNode(root: string, env: NodeJS.ProcessEnv): Promise<Child> {
  const node = startChild(process.execPath, ['scripts/launch.mjs', 'serve-api'], env, root);
  try {
    await waitUntil(
      async () => {
        if (node.process.exitCode !== null)
          throw new WaitAbandoned(`serve:api exited early:\n${node.output()}`);
        return (await fetch(`http://127.0.0.1:${env.PORT}/api/ready`)).ok;
      },
      `serve:api on port ${env.PORT}`,
      120_000,
    );
  } catch (error) {
    await node.stop();
    throw error;
  }
  return node;
}

/** More and more clients polling back to back, until p99 passes the budget. */
async function sweep(name: string, baseUrl: string, sessions: string[]): Promise<CapacitySetup> {
  const request = { url: `${baseUrl}${POLL_PATH}`, sessions };
  await warmUp(request, CONNECTION_STEPS[0]);
  const steps: CapacityStep[] = [];
  for (const connections of CONNECTION_STEPS) {
    const figures = { connections, ...(await measureLoad(request, connections)) };
    steps.push(figures);
    console.log(
      `  ${name}: ${connections} connections, ${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99LatencyMs} ms, ${figures.non2xx} non-2xx, ${figures.errors} errors`,
    );
    if (figures.p99LatencyMs > CAPACITY_P99_BUDGET_MS || figures.errors > 0 || figures.non2xx > 0) break;
  }
  const within = steps.filter(
    (step) => step.p99LatencyMs <= CAPACITY_P99_BUDGET_MS && step.errors === 0 && step.non2xx === 0,
  );
  const best = within.toSorted((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0] ?? null;
  return { name, steps, best, technicians: Math.floor((best?.requestsPerSecond ?? 0) * POLL_SECONDS) };
}

/**
 * Issue 17: signed-in technicians polling the bell's unread count as the web app does, each
 * connection its own account and session, against one `serve:api` node on PGlite, one on
 * PostgreSQL (a schema of its own on BENCH_DATABASE_URL's server) and S3, and nginx with the
 * reference site (TLS) in front of one and of two nodes on them. Load generator, nodes, nginx,
 * PostgreSQL and s3rver share this machine.
 */
export async function measureCapacity(root: string): Promise<CapacityResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'benchside-capacity-'));
  const setups: CapacitySetup[] = [];
  const skipped: string[] = [];
  try {
    const embeddedEnv = nodeEnv(scratch, await freePort());
    const embeddedSessions = await preparedDatabase(embeddedEnv);
    const embedded = await startApiNode(root, embeddedEnv);
    try {
      setups.push(await sweep('one node, PGlite', `http://127.0.0.1:${embeddedEnv.PORT}`, embeddedSessions));
    } finally {
      await embedded.stop();
    }

    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (!databaseUrl) {
      skipped.push('PostgreSQL and nginx set-ups: BENCH_DATABASE_URL is not set');
      return { pollSeconds: POLL_SECONDS, p99BudgetMs: CAPACITY_P99_BUDGET_MS, setups, skipped };
    }
    const shared = await postgresAndS3(databaseUrl).provision();
    const [first, second] = [await freePort(), await freePort()];
    const firstEnv = nodeEnv(scratch, first, shared.env);
    const nodes: Child[] = [];
    try {
      const sessions = await preparedDatabase(firstEnv);
      nodes.push(await startApiNode(root, firstEnv));
      setups.push(await sweep('one node, PostgreSQL', `http://127.0.0.1:${first}`, sessions));
      await ensureNginx();
      const certificate = await selfSignedCertificate(scratch);
      const behindNginx = async (name: string, api: [number, number]) => {
        const portal = await freePort();
        const site = await referenceSite(
          root,
          {
            api,
            support: await freePort(),
            http: await freePort(),
            portal,
            supportPort: await freePort(),
          },
          certificate,
        );
        const nginx = await startNginx(join(scratch, `nginx-${portal}`), site);
        try {
          setups.push(await sweep(name, `https://127.0.0.1:${portal}`, sessions));
        } finally {
          await nginx.stop();
        }
      };
      await behindNginx('nginx (TLS), one node, PostgreSQL', [first, first]);
      nodes.push(await startApiNode(root, nodeEnv(scratch, second, shared.env)));
      await behindNginx('nginx (TLS), two nodes, PostgreSQL', [first, second]);
    } finally {
      for (const node of nodes) await node.stop();
      await shared.release();
    }
    return { pollSeconds: POLL_SECONDS, p99BudgetMs: CAPACITY_P99_BUDGET_MS, setups, skipped };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** One line of `npm run bench` per set-up. */
export function capacityFigures(result: CapacityResult) {
  return result.setups.map((setup) => ({
    name: `Pollers of ${POLL_PATH}, ${setup.name}`,
    value: setup.best
      ? `${Math.round(setup.best.requestsPerSecond)} req/s at ${setup.best.connections} connections (p99 ${setup.best.p99LatencyMs} ms) = ${setup.technicians} technicians at one poll per ${result.pollSeconds} s`
      : `no step within the budget (first: ${JSON.stringify(setup.steps[0])})`,
    budget: `recorded; p99 ≤ ${result.p99BudgetMs} ms, no errors`,
    pass: setup.best !== null,
  }));
}
