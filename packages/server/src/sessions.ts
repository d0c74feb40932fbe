import { hash, randomBytes } from 'node:crypto';
import { SIGNED_IN_HINT_COOKIE } from '@benchside/contracts/signed-in-hint';
import type { Database, User } from '@benchside/db/database';
import type { DatabaseHandle } from '@benchside/db/open-database';
import { SESSION_CHANGES_CHANNEL } from '@benchside/db/session-change-notices';
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery, type InferResult, type Kysely, sql } from 'kysely';
import { batchedLookup, shareAnswer } from './batched-lookup.ts';
import type { App } from './create-server.ts';
import { UnauthorizedError } from './errors.ts';
import { LookedUpSessions, setBounded } from './session-cache.ts';

export const SESSION_COOKIE = 'bs_session';
/** A session nobody has used for 7 days ends (OWASP: idle timeout). */
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** Every session ends 30 days after sign-in, however active (OWASP: absolute timeout). */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, so signed-in reads stay reads. */
const LAST_SEEN_WRITE_INTERVAL_MS = 5 * 60 * 1000;
/** Live sessions an embedded database's process keeps in memory between their changes. */
const LOOKED_UP_SESSIONS_KEPT = 10_000;
/** Cookie headers remembered with their token hash: at most this many, none longer (≤ 5 MB). */
const COOKIE_HEADERS_MEMO_SIZE = 10_000;
const COOKIE_HEADERS_MEMO_MAX_LENGTH = 512;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user, set by the hook of `registerSignedInRoutes` before any handler of its
     * scope runs; routes outside such a scope never see it.
     */
    user: User;
  }
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export interface Sessions {
  /**
   * The user of a session this process keeps (embedded database, decision 156) that is live and
   * owes no last-seen write: known without a read or a promise. Undefined: ask `readUserOf`.
   */
  keptUserOf(tokenHash: string): User | undefined;
  /** The user of a live session of that token hash, read from the database; null when none is. */
  readUserOf(tokenHash: string): Promise<User | null>;
  /** Signs the user in on this reply, ending the session the request came with (rotation). */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** Ends the request's session server-side and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The stored hash of the request's session token, to tell the current device from the others. */
  tokenHashOf(request: FastifyRequest): string | undefined;
  /** Ends every session of a user (after a password reset), or every other one (after a change). */
  endAllOf(userId: string, options?: { except?: FastifyRequest }): Promise<void>;
}

export function hashSessionToken(token: string): string {
  // The one-shot form: this runs on every signed-in request.
  return hash('sha256', token, 'hex');
}

/**
 * The live sessions among `tokenHashes` at `now`, each with its user. The query is built by Kysely
 * once and each batch of lookups runs its SQL with its own values: building it again for every
 * batch cost about 28 µs, 1.3 µs a request of `/api/me` under load on PostgreSQL (decision 151).
 */
function liveSessionLookup(db: Kysely<Database>) {
  // Placeholders, told apart by identity in the compiled query's parameters.
  const tokenHashes: string[] = [];
  const expiresAfter = new Date(0);
  const seenAfter = new Date(0);
  const query = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.token_hash as session_token_hash',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where(sql<boolean>`sessions.token_hash = any(${tokenHashes})`)
    .where('sessions.expires_at', '>', expiresAfter)
    .where('sessions.last_seen_at', '>', seenAfter);
  const compiled = query.compile();
  const placeholders: readonly unknown[] = [tokenHashes, expiresAfter, seenAfter];
  const slots = compiled.parameters.map((parameter) => placeholders.indexOf(parameter));
  if (slots.length !== placeholders.length || slots.includes(-1)) {
    throw new Error('The session lookup does not take exactly its three values');
  }
  return async (hashes: string[], now: number): Promise<InferResult<typeof query>> => {
    const values = [hashes, new Date(now), new Date(now - SESSION_IDLE_TIMEOUT_MS)];
    const result = await db.executeQuery<InferResult<typeof query>[number]>(
      CompiledQuery.raw(
        compiled.sql,
        slots.map((slot) => values[slot]),
      ),
    );
    return result.rows;
  };
}

export interface SessionsOptions {
  secureCookies: boolean;
  /**
   * The database's notices (`DatabaseHandle.listen`): given, live sessions are kept in memory and
   * forgotten on the notice of their change, which an embedded database sends before the change's
   * statement returns (decision 156); null or left out, every request reads its session.
   */
  listen?: DatabaseHandle['listen'];
}

/** The `bs_session` cookie and the `sessions` table; shared by the API and the support service. */
export async function registerSessions(app: App, db: Kysely<Database>, options: SessionsOptions) {
  // Cookies are parsed only where a route asks for the user, not on every request.
  await app.register(fastifyCookie, { hook: false });
  const liveSessionsOf = liveSessionLookup(db);

  // A browser sends the same Cookie header with every call: parsed and hashed once, not each time.
  const tokenHashesOfHeaders = new Map<string, string | undefined>();
  const tokenHashOf = (request: FastifyRequest): string | undefined => {
    const header = request.headers.cookie;
    if (!header) return undefined;
    if (tokenHashesOfHeaders.has(header)) return tokenHashesOfHeaders.get(header);
    const token = app.parseCookie(header)[SESSION_COOKIE];
    const tokenHash = token ? hashSessionToken(token) : undefined;
    if (header.length <= COOKIE_HEADERS_MEMO_MAX_LENGTH) {
      setBounded(tokenHashesOfHeaders, header, tokenHash, COOKIE_HEADERS_MEMO_SIZE);
    }
    return tokenHash;
  };

  const lookUpSessions = batchedLookup(async (tokenHashes: string[]) => {
    const rows = await liveSessionsOf(tokenHashes, Date.now());
    return new Map(rows.map((row) => [row.session_token_hash, row]));
  });

  /** A live session as this process keeps it: its user one shared answer for the requests that use it. */
  type KeptSession = { user: Readonly<User>; lastSeenAt: number; expiresAt: number };
  const lookedUp = options.listen ? new LookedUpSessions<KeptSession>(LOOKED_UP_SESSIONS_KEPT) : null;
  if (lookedUp) await options.listen?.(SESSION_CHANGES_CHANNEL, (notice) => lookedUp.forget(notice));

  const lastSeenWriteDue = (lastSeenAt: number, now: number) =>
    now - lastSeenAt > LAST_SEEN_WRITE_INTERVAL_MS;

  const keptUserOf = (tokenHash: string): User | undefined => {
    const kept = lookedUp?.get(tokenHash);
    if (!kept) return undefined;
    const now = Date.now();
    // The lookup's own conditions, for a session kept since it ran.
    const live = kept.expiresAt > now && kept.lastSeenAt > now - SESSION_IDLE_TIMEOUT_MS;
    return live && !lastSeenWriteDue(kept.lastSeenAt, now) ? kept.user : undefined;
  };

  const readUserOf = async (tokenHash: string): Promise<User | null> => {
    const noticesBeforeRead = lookedUp?.notices ?? 0;
    const row = await lookUpSessions(tokenHash);
    if (!row) return null;
    const {
      session_token_hash: _tokenHash,
      session_last_seen_at: lastSeenAt,
      session_expires_at: expiresAt,
      ...user
    } = row;
    const lastSeen = lastSeenAt.getTime();
    if (lookedUp) {
      // Frozen: nothing assigns to `request.user`'s fields, and one that did would fail loudly.
      const kept = {
        user: shareAnswer(Object.freeze(user)),
        lastSeenAt: lastSeen,
        expiresAt: expiresAt.getTime(),
      };
      lookedUp.keep(tokenHash, kept, noticesBeforeRead);
    }
    const now = Date.now();
    // The write's notice makes a kept session be read again, with the new time.
    if (lastSeenWriteDue(lastSeen, now)) {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(now) })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return user;
  };

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
  };
  const hintCookieOptions = { ...cookieOptions, httpOnly: false };

  const sessions: Sessions = {
    keptUserOf,
    readUserOf,
    async start(request, reply, userId) {
      const previous = tokenHashOf(request);
      if (previous) await db.deleteFrom('sessions').where('token_hash', '=', previous).execute();
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashSessionToken(token),
          user_id: userId,
          created_at: new Date(now),
          last_seen_at: new Date(now),
          expires_at: new Date(now + SESSION_ABSOLUTE_TIMEOUT_MS),
          ip: request.ip,
          user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
        })
        .execute();
      const maxAge = SESSION_ABSOLUTE_TIMEOUT_MS / 1000;
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge });
      reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...hintCookieOptions, maxAge });
    },
    async end(request, reply) {
      const tokenHash = tokenHashOf(request);
      if (tokenHash) await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      reply.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookieOptions);
    },
    tokenHashOf,
    async endAllOf(userId, options = {}) {
      const kept = options.except ? tokenHashOf(options.except) : undefined;
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (kept) query = query.where('token_hash', '<>', kept);
      await query.execute();
    },
  };
  app.decorate('sessions', sessions);
}

/**
 * Registers the routes only a signed-in user reaches, in one Fastify scope: its hook resolves the
 * session cookie once and sets `request.user`, or answers 401 before any handler runs. A pre-handler
 * (not onRequest) so a malformed body still answers 400 first, as each route's own check did.
 */
export function registerSignedInRoutes(app: App, routes: (signedIn: App) => void | Promise<void>): void {
  app.register(async (signedIn) => {
    // Written with `done`: a kept session answers with no promise at all (decision 156).
    signedIn.addHook('preHandler', (request, _reply, done) => {
      const tokenHash = app.sessions.tokenHashOf(request);
      if (!tokenHash) return done(new UnauthorizedError());
      const kept = app.sessions.keptUserOf(tokenHash);
      if (kept) {
        request.user = kept;
        return done();
      }
      app.sessions.readUserOf(tokenHash).then((user) => {
        if (!user) return done(new UnauthorizedError());
        request.user = user;
        done();
      }, done);
    });
    await routes(signedIn);
  });
}
