import type { Database } from '@benchside/db/database';
import { type Kysely, sql } from 'kysely';
import type { App } from './create-server.ts';
import { TooManyRequestsError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A rule the caller's address consumes once the request is valid, before the handler runs. */
    rateLimit?: RateLimitRule;
  }
}

/** At most `limit` hits per fixed window of `windowMs`, counted per key. */
export interface RateLimitRule {
  /** Prefix of the counter's key, e.g. `login-account`. */
  name: string;
  limit: number;
  windowMs: number;
  /** What the 429 says instead of the generic sentence, when the client should know which limit it hit. */
  message?: string;
}

export interface RateLimiter {
  /**
   * Counts one hit and answers how many the window now holds; throws TooManyRequestsError (429
   * with Retry-After) once the window is full.
   */
  consume(rule: RateLimitRule, key: string): Promise<number>;
  /** Throws like `consume` when the window is already full, without counting a hit. */
  assertOpen(rule: RateLimitRule, key: string): Promise<void>;
  /** Takes one hit back, e.g. a sign-in that turned out to be the owner's. */
  refund(rule: RateLimitRule, key: string): Promise<void>;
  /** Forgets the counter, e.g. after a successful sign-in. */
  reset(rule: RateLimitRule, key: string): Promise<void>;
}

/** Counters older than this are deleted now and then; no rule has a longer window. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Roughly one hit in this many also prunes, so the table stays small without a timer. */
const PRUNE_EVERY = 200;

function tooManyRequests(rule: RateLimitRule, windowStart: Date, at: Date): TooManyRequestsError {
  const retryAfterMs = windowStart.getTime() + rule.windowMs - at.getTime();
  return new TooManyRequestsError(retryAfterMs / 1000, rule.message);
}

/**
 * Fixed-window counters kept in the database (one upsert per hit) so that several API instances
 * share them, as DESIGN §1 asks. `now` is injectable for tests of window expiry.
 */
export function createRateLimiter(db: Kysely<Database>, now: () => Date = () => new Date()): RateLimiter {
  const keyOf = (rule: RateLimitRule, key: string) => `${rule.name}:${key.slice(0, 320)}`;
  let hits = 0;

  return {
    async consume(rule, key) {
      const at = now();
      const windowOpenAfter = new Date(at.getTime() - rule.windowMs);
      // One statement: parallel hits on the same key are serialised by the row lock, none is lost.
      const row = await db
        .insertInto('rate_limits')
        .values({ key: keyOf(rule, key), window_start: at, count: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            window_start: sql<Date>`case when rate_limits.window_start <= ${windowOpenAfter} then cast(${at} as timestamptz) else rate_limits.window_start end`,
            count: sql<number>`case when rate_limits.window_start <= ${windowOpenAfter} then 1 else rate_limits.count + 1 end`,
          }),
        )
        .returning(['window_start', 'count'])
        .executeTakeFirstOrThrow();
      hits += 1;
      if (hits % PRUNE_EVERY === 0) {
        await db
          .deleteFrom('rate_limits')
          .where('window_start', '<', new Date(at.getTime() - PRUNE_AFTER_MS))
          .execute();
      }
      if (row.count > rule.limit) throw tooManyRequests(rule, row.window_start, at);
      return row.count;
    },
    async assertOpen(rule, key) {
      const at = now();
      const row = await db
        .selectFrom('rate_limits')
        .select(['window_start', 'count'])
        .where('key', '=', keyOf(rule, key))
        .where('window_start', '>', new Date(at.getTime() - rule.windowMs))
        .executeTakeFirst();
      if (row && row.count >= rule.limit) throw tooManyRequests(rule, row.window_start, at);
    },
    async refund(rule, key) {
      await db
        .updateTable('rate_limits')
        .set({ count: sql<number>`greatest(count - 1, 0)` })
        .where('key', '=', keyOf(rule, key))
        .execute();
    },
    async reset(rule, key) {
      await db.deleteFrom('rate_limits').where('key', '=', keyOf(rule, key)).execute();
    },
  };
}

/**
 * The one hook behind the routes' `config.rateLimit`: a pre-handler, so a malformed request costs
 * no hit, as when each handler counted its own. Register it before the routes it guards.
 */
export function registerRateLimits(app: App, limiter: RateLimiter): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const rule = request.routeOptions.config.rateLimit;
    if (!rule) return done();
    limiter.consume(rule, request.ip).then(() => done(), done);
  });
}
