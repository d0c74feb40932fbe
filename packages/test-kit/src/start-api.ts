import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@benchside/db/database';
import type { DatabaseHandle } from '@benchside/db/open-database';
import { openTestDatabase } from '@benchside/db/test-database';
import { type Config, type Env, loadConfig } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { createMailer, type Mailer } from '@benchside/server/mail/mailer';
import {
  hashPassword,
  hashPasswordsAtCost,
  newPasswordCostLog2,
  PASSWORD_COST_LOG2,
} from '@benchside/server/passwords';
import { createObjectStorage, type ObjectStorage } from '@benchside/server/storage/object-storage';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApiApp } from '../../../apps/api/src/app.ts';
import { loadSpa } from '../../../apps/api/src/spa.ts';

export interface RunningApi {
  app: App;
  url: string;
  db: Kysely<Database>;
  mailer: Mailer;
  config: Config;
  /** Where this API keeps files: its DATA_DIR, or the bucket the S3_* settings of `env` name. */
  storage: ObjectStorage;
  close(): Promise<void>;
}

/**
 * The cost the test runs hash passwords at unless a file asks for production's (decision 165):
 * N=2^10, a few milliseconds against most of a second.
 */
const TEST_PASSWORD_COST_LOG2 = 10;

/**
 * The API as `npm start` builds it, listening on an ephemeral port, over a fresh database
 * (PGlite in memory, or a scratch database on DATABASE_URL's server) and the mail catcher. Files
 * (uploads, published packages) go to a throw-away DATA_DIR unless the test names one or a bucket.
 * `sharing` makes it a second node of another API: the same database (which that API closes).
 * Passwords are hashed at a test's cost, from then on in the whole worker, unless `passwordCost`
 * asks for production's: the files that time hashing or flood it.
 */
export async function startApi(
  options: {
    env?: Env;
    /** A web build to serve, as `npm start` serves apps/web/dist; none when left out. */
    webDistDir?: string;
    logger?: FastifyBaseLogger;
    sharing?: RunningApi;
    passwordCost?: 'test' | 'production';
  } = {},
): Promise<RunningApi> {
  hashPasswordsAtCost(options.passwordCost === 'production' ? PASSWORD_COST_LOG2 : TEST_PASSWORD_COST_LOG2);
  const scratchDir = options.env?.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'benchside-api-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // The tests read mail at /dev/mail.json and sign cards with the demo key, as `npm start` does.
    BENCHSIDE_DEMO: '1',
    ...(scratchDir ? { DATA_DIR: scratchDir } : {}),
    ...options.env,
  });
  // A second node leaves the shared database to the API that opened it.
  const database: DatabaseHandle = options.sharing
    ? { db: options.sharing.db, pool: null, listen: null, close: async () => {} }
    : await openTestDatabase();
  const db = database.db;
  const mailer = await createMailer(config);
  const storage = await createObjectStorage(config);
  const app = await buildApiApp({
    config,
    db,
    mailer,
    storage,
    spa: options.webDistDir ? await loadSpa(options.webDistDir, config) : null,
    databasePool: database.pool,
    databaseNotices: database.listen,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    url,
    db,
    mailer,
    config,
    storage,
    async close() {
      await app.close();
      await mailer.close();
      await database.close();
      if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  username: string;
  email: string;
  password: string;
  name?: string;
  verified?: boolean;
}

/**
 * One hash per password and cost for the worker's whole run: half the users the API tests make
 * have a password an earlier one had (docs/decisions/163). Users of one password share its salt,
 * which no test of a signed-in user looks at; hashing has tests of its own (passwords.test.ts, and
 * registration's, which hashes each password afresh). The cost is part of the key, so a file at
 * production's cost never gets a cheaper hash an earlier file made.
 */
const hashesByPasswordAndCost = new Map<string, Promise<string>>();

function hashOnce(password: string): Promise<string> {
  const key = `${newPasswordCostLog2()}\u0000${password}`;
  let hash = hashesByPasswordAndCost.get(key);
  if (hash === undefined) {
    hash = hashPassword(password);
    hashesByPasswordAndCost.set(key, hash);
    // A refused hash (the process-wide bound's queue full) fails its own user, not every later one.
    hash.catch(() => hashesByPasswordAndCost.delete(key));
  }
  return hash;
}

export async function createUser(db: Kysely<Database>, user: TestUser): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      password_hash: await hashOnce(user.password),
      is_verified: user.verified ?? true,
      name: user.name ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The `name=value` pair of the session cookie a response sets, if any. */
export function sessionCookie(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith('bs_session=') && pair !== 'bs_session=');
}

export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
