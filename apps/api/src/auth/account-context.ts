import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@benchside/contracts/languages';
import type { Database, User } from '@benchside/db/database';
import { enqueueMail } from '@benchside/server/mail/outbox';
import type { MailContent } from '@benchside/server/mail/templates';
import type { RateLimiter, RateLimitRule } from '@benchside/server/rate-limit';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';

/** What every account route needs besides the app. */
export interface AccountContext {
  db: Kysely<Database>;
  limiter: RateLimiter;
}

const MINUTE_MS = 60 * 1000;

/**
 * The rate limits of the account routes (ASVS 5 V6.3.1: anti-automation). Login counters count
 * attempts; a right password takes its attempt back, so they effectively count failures.
 */
export const LIMITS = {
  /** Per account (the user's id, or the lower-cased login when there is no such user). */
  loginAccount: { name: 'login-account', limit: 10, windowMs: 15 * MINUTE_MS },
  loginIp: { name: 'login-ip', limit: 50, windowMs: 15 * MINUTE_MS },
  /** Two-factor code checks from one address; each challenge also dies after 5 wrong codes. */
  codeIp: { name: 'code-ip', limit: 30, windowMs: 15 * MINUTE_MS },
  /**
   * Wrong two-factor codes of one account across all its challenges, from any address. A right
   * password refunds nothing: whoever fills it knows the password, so once it is full the
   * account's code sign-in stops (no code checks, challenges or code mails) and the owner is warned.
   */
  codeAccount: {
    name: 'code-account',
    limit: 10,
    windowMs: 60 * MINUTE_MS,
    message: 'Too many wrong confirmation codes for this account. Please try again later.',
  },
  /**
   * Mails of one purpose to one address or account (verification, reset, change of e-mail; codes
   * count per account, whether a sign-in or a resend asks).
   */
  mailRecipient: { name: 'mail-recipient', limit: 5, windowMs: 15 * MINUTE_MS },
  /** Every e-mail-sending call from one address, signed out or in. */
  mailIp: { name: 'mail-ip', limit: 50, windowMs: 60 * MINUTE_MS },
  /** New passwords set with reset links from one address, counted before the link is looked up. */
  resetIp: { name: 'reset-ip', limit: 20, windowMs: 15 * MINUTE_MS },
  /** Current-password checks of a signed-in user (change of password or e-mail). */
  passwordCheck: { name: 'password-check', limit: 10, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

export function findUserByLogin(db: Kysely<Database>, login: string): Promise<User | undefined> {
  const lowered = login.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', lowered), eb(sql`lower(email)`, '=', lowered)]))
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function languageOf(user: Pick<User, 'language'>): Language {
  return isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
}

/**
 * Queues one of the account e-mails to a user, in their language and with their name, through the
 * executor given: a transaction's mail goes out only once it commits (never on a rollback), and
 * no route waits for the mail server. Pass the plain `db` when there is no transaction.
 */
export function mailUser(
  executor: Kysely<Database>,
  user: Pick<User, 'email' | 'name' | 'language'>,
  content: MailContent,
  to: string = user.email,
): Promise<void> {
  return enqueueMail(executor, to, { ...content, language: languageOf(user), name: user.name });
}

/** The client's user agent as stored in sessions and the login history. */
export function userAgentOf(request: FastifyRequest): string {
  return request.headers['user-agent']?.slice(0, 512) ?? '';
}

/** A Postgres unique violation on the named index (both drivers put its name in the message). */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  return error instanceof Error && error.message.includes(indexName);
}

/** Writes one line of the user's login history. */
export async function recordLogin(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: string,
  success: boolean,
): Promise<void> {
  await db
    .insertInto('login_logs')
    .values({ user_id: userId, ip: request.ip, user_agent: userAgentOf(request), success })
    .execute();
}

/**
 * Called by a link that proves the account's mailbox, before it marks the account verified. A
 * social link of a still unverified account was not proven by that link (issue 15: someone else
 * may have tied their identity to the address), so it goes rather than becoming usable.
 */
export async function dropUnprovenSocialLinks(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .deleteFrom('social_accounts')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('users').select('id').where('id', '=', userId).where('is_verified', '=', false),
      ),
    )
    .execute();
}
