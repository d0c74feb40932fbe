import type { Database } from '@benchside/db/database';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { App } from './create-server.ts';
import { ServiceUnavailableError } from './errors.ts';
import type { ObjectStorage } from './storage/object-storage.ts';

export const healthSchema = z.object({ status: z.literal('ok') });

/** A dependency a node needs to serve requests; `check` throws when it cannot be reached. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** A check that hangs (a database behind a dead network path) fails after this, as a refusal would. */
const READINESS_CHECK_TIMEOUT_MS = 3000;

/** The file storage answers: the DATA_DIR folder is writable, or the bucket is reachable. */
export function storageReadiness(storage: Pick<ObjectStorage, 'check'>): ReadinessCheck {
  return { name: 'storage', check: () => storage.check() };
}

export function databaseReadiness(db: Kysely<Database>): ReadinessCheck {
  return {
    name: 'database',
    async check() {
      await sql`select 1`.execute(db);
    },
  };
}

/** Alive and the database answering; `npm start`'s callers and the CI smoke test poll it. */
export function registerHealthRoute(app: App, path: string, db: Kysely<Database>): void {
  const database = databaseReadiness(db);
  app.get(
    path,
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthSchema } } },
    async (request) => {
      try {
        await database.check();
      } catch (error) {
        request.log.error({ err: error }, 'Health check: the database does not answer');
        throw new ServiceUnavailableError('The database is unavailable');
      }
      return { status: 'ok' as const };
    },
  );
}

const readySchema = z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.literal('ok')) });

/** Null when the check passed in time, else what went wrong. */
async function failureOf(readiness: ReadinessCheck): Promise<{ error: unknown } | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)),
      READINESS_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([readiness.check(), timeout]);
    return null;
  } catch (error) {
    return { error };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the load balancer may send this node requests: 200 when every check passes, else 503
 * naming the ones that failed. Why they failed is logged here, never answered (it may hold a host
 * name or a connection string).
 */
export function registerReadinessRoute(app: App, path: string, checks: ReadinessCheck[]): void {
  app.get(
    path,
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database and the other dependencies answer',
        response: { 200: readySchema },
      },
    },
    async (request) => {
      const outcomes = await Promise.all(
        checks.map(async (readiness) => ({ name: readiness.name, failure: await failureOf(readiness) })),
      );
      const failed = outcomes.filter((outcome) => outcome.failure);
      if (failed.length > 0) {
        for (const { name, failure } of failed) {
          request.log.error({ err: failure?.error, check: name }, `Readiness: ${name} failed`);
        }
        const states = Object.fromEntries(
          outcomes.map((outcome) => [outcome.name, outcome.failure ? 'failed' : 'ok']),
        );
        throw new ServiceUnavailableError(`Not ready: ${failed.map((outcome) => outcome.name).join(', ')}`, {
          fields: { checks: states },
        });
      }
      return {
        status: 'ready' as const,
        checks: Object.fromEntries(outcomes.map((outcome) => [outcome.name, 'ok' as const])),
      };
    },
  );
}
