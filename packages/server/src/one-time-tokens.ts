import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { SocialProvider } from '@benchside/contracts/social-auth';
import type { Database, OneTimeToken, OneTimeTokenKind } from '@benchside/db/database';
import type { ExpressionBuilder, Kysely } from 'kysely';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** How long each e-mailed link or code stays valid (ASVS 5: short-lived, single use). */
export const TOKEN_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  verify_email: 24 * HOUR_MS,
  reset_password: 30 * MINUTE_MS,
  change_email: 24 * HOUR_MS,
  confirm_email: 24 * HOUR_MS,
  two_factor: 10 * MINUTE_MS,
};

/** Wrong codes a two-factor challenge survives; the next check finds it dead. */
export const MAX_CODE_ATTEMPTS = 5;

/** 256 bits from the CSPRNG, URL-safe. */
export function createSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The code is bound to its challenge, so a leaked table row cannot be tried against another one. */
function hashCode(secret: string, code: string): string {
  return createHash('sha256').update(`${secret}:${code}`).digest('hex');
}

/**
 * Creates a token of one kind for a user and returns its secret, which goes into the e-mailed link
 * and is stored only as a hash. The user's older tokens of that kind die with it, and every expired
 * token is swept on the way.
 */
export async function issueToken(
  db: Kysely<Database>,
  options: { userId: string; kind: Exclude<OneTimeTokenKind, 'two_factor'>; newEmail?: string; now?: Date },
): Promise<string> {
  const secret = createSecret();
  await storeToken(db, { ...options, secret, code: null });
  return secret;
}

/** A token of an existing user: every kind, except a social sign-up waiting for its link. */
export type UserToken = OneTimeToken & { user_id: string };

/**
 * A sign-in with Google or Facebook whose provider vouched for no address: the account for the
 * typed address is created (and linked) only when the link mailed there is opened, so nobody can
 * take an address, or tie their identity to it, without its mailbox.
 */
export interface PendingSocialSignUp {
  email: string;
  provider: SocialProvider;
  subject: string;
  name: string;
}

/** A `verify_email` token for a social sign-up that has no user yet; returns its secret. */
export async function issueSocialSignUpToken(
  db: Kysely<Database>,
  options: { signUp: PendingSocialSignUp; now?: Date },
): Promise<string> {
  const secret = createSecret();
  await storeToken(db, {
    kind: 'verify_email',
    secret,
    code: null,
    signUp: options.signUp,
    now: options.now,
  });
  return secret;
}

/** What an opened verification link confirms: an existing account, or a social sign-up to create. */
export type EmailVerification = { userId: string } | { signUp: PendingSocialSignUp };

/** Uses up a `verify_email` token of either sort. */
export async function consumeEmailVerification(
  db: Kysely<Database>,
  secret: string,
  now: Date = new Date(),
): Promise<EmailVerification | undefined> {
  const token = await db
    .deleteFrom('one_time_tokens')
    .where('token_hash', '=', hashSecret(secret))
    .where('kind', '=', 'verify_email')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!token) return undefined;
  if (token.user_id) return { userId: token.user_id };
  const { new_email: email, social_provider: provider, social_subject: subject } = token;
  // The table's check constraint guarantees these for a token without a user.
  if (!email || !provider || !subject) return undefined;
  return { signUp: { email, provider, subject, name: token.social_name ?? '' } };
}

/** A two-factor challenge: the secret is the `hash` the client keeps, the code goes by e-mail. */
export async function issueChallenge(
  db: Kysely<Database>,
  options: { userId: string; now?: Date },
): Promise<{ secret: string; code: string }> {
  const secret = createSecret();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await storeToken(db, { ...options, kind: 'two_factor', secret, code });
  return { secret, code };
}

async function storeToken(
  db: Kysely<Database>,
  options: {
    kind: OneTimeTokenKind;
    secret: string;
    code: string | null;
    newEmail?: string;
    now?: Date | undefined;
  } & ({ userId: string } | { signUp: PendingSocialSignUp }),
): Promise<void> {
  const now = options.now ?? new Date();
  await db.deleteFrom('one_time_tokens').where('expires_at', '<=', now).execute();
  const owner =
    'userId' in options
      ? { user_id: options.userId, new_email: options.newEmail ?? null }
      : {
          user_id: null,
          new_email: options.signUp.email,
          social_provider: options.signUp.provider,
          social_subject: options.signUp.subject,
          social_name: options.signUp.name,
        };
  // A user, or a provider identity, has one live token of a kind: the newest.
  await db
    .deleteFrom('one_time_tokens')
    .where('kind', '=', options.kind)
    .where((eb) =>
      'userId' in options
        ? eb('user_id', '=', options.userId)
        : eb.and([
            eb('social_provider', '=', options.signUp.provider),
            eb('social_subject', '=', options.signUp.subject),
          ]),
    )
    .execute();
  await db
    .insertInto('one_time_tokens')
    .values({
      ...owner,
      kind: options.kind,
      token_hash: hashSecret(options.secret),
      code_hash: options.code === null ? null : hashCode(options.secret, options.code),
      created_at: now,
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[options.kind]),
    })
    .execute();
}

/** The token of `secret` when it is of `kind`, a user's, unexpired at `now` and not out of attempts. */
function isLiveUserToken(kind: OneTimeTokenKind, secret: string, now: Date) {
  return (eb: ExpressionBuilder<Database, 'one_time_tokens'>) =>
    eb.and([
      eb('token_hash', '=', hashSecret(secret)),
      eb('kind', '=', kind),
      eb('user_id', 'is not', null),
      eb('expires_at', '>', now),
      eb('attempts', '<', MAX_CODE_ATTEMPTS),
    ]);
}

/**
 * Uses up a live token of a user: of two parallel calls with the same secret only one gets the
 * row. A social sign-up's link is opened with consumeEmailVerification instead.
 */
export async function consumeToken(
  db: Kysely<Database>,
  kind: OneTimeTokenKind,
  secret: string,
  now: Date = new Date(),
): Promise<UserToken | undefined> {
  return db
    .deleteFrom('one_time_tokens')
    .where(isLiveUserToken(kind, secret, now))
    .returningAll()
    .$narrowType<{ user_id: string }>()
    .executeTakeFirst();
}

/** A live token without using it up (a two-factor challenge that is asked to resend its code). */
export async function findLiveToken(
  db: Kysely<Database>,
  kind: OneTimeTokenKind,
  secret: string,
  now: Date = new Date(),
): Promise<UserToken | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where(isLiveUserToken(kind, secret, now))
    .$narrowType<{ user_id: string }>()
    .executeTakeFirst();
}

/** A refused code still names the challenge's user when there was one, for the login history. */
export type CodeCheck = { accepted: true; userId: string } | { accepted: false; userId: string | null };

/**
 * Checks an e-mailed code against its challenge. The attempt is counted before the comparison in
 * one atomic UPDATE ... RETURNING, so a parallel burst cannot get more than MAX_CODE_ATTEMPTS
 * tries; the right code uses the challenge up.
 */
export async function checkCode(
  db: Kysely<Database>,
  secret: string,
  code: string,
  now: Date = new Date(),
): Promise<CodeCheck> {
  const counted = await db
    .updateTable('one_time_tokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', hashSecret(secret))
    .where('kind', '=', 'two_factor')
    .where('expires_at', '>', now)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .returning(['id', 'user_id', 'code_hash'])
    .executeTakeFirst();
  if (!counted?.code_hash) return { accepted: false, userId: null };
  const expected = Buffer.from(counted.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, code.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) return { accepted: false, userId: counted.user_id };
  // Two parallel right codes: only the one that deletes the row signs in.
  const used = await db
    .deleteFrom('one_time_tokens')
    .where('id', '=', counted.id)
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id
    ? { accepted: true, userId: used.user_id }
    : { accepted: false, userId: counted.user_id };
}
