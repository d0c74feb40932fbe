import type { Database, User } from '@benchside/db/database';
import { isUniqueViolation } from '@benchside/db/unique-violation';
import { BadRequestError } from '@benchside/server/errors';
import type { PendingSocialSignUp } from '@benchside/server/one-time-tokens';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { SocialIdentity } from './identity.ts';

/** A free username from the address, e.g. `jane.doe` or `jane.doe4821`. */
async function freeUsername(db: Kysely<Database>, email: string, provider: string): Promise<string> {
  const local = (email.split('@', 1)[0] ?? '').toLowerCase().replace(/[^a-z0-9._-]/g, '');
  const base = local.length >= 3 ? local.slice(0, 40) : `${provider}user`;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}${1000 + Math.floor(Math.random() * 9000)}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}${Date.now().toString(36)}`;
}

/**
 * A new account, verified and linked to the identity. Only for an address that is proven: one the
 * provider vouched for, or one whose mailed link was opened.
 */
export async function createLinkedUser(
  trx: Transaction<Database>,
  identity: SocialIdentity,
  values: { email: string; language: string },
): Promise<User> {
  const user = await trx
    .insertInto('users')
    .values({
      username: await freeUsername(trx, values.email, identity.provider),
      email: values.email,
      password_hash: null,
      is_verified: true,
      name: identity.name,
      language: values.language,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('social_accounts')
    .values({
      user_id: user.id,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email ?? values.email,
      name: identity.name,
    })
    .execute();
  return user;
}

export const SIGN_UP_TAKEN_MESSAGE =
  'This sign-up link can no longer be used: the e-mail address or the Google or Facebook account already belongs to an account. Sign in to it, then link the provider under Account Settings.';

/**
 * The mailed link of a social sign-up was opened: the typed address is proven, so its account is
 * made now. An address or identity taken in the meantime is never linked to the account that took
 * it: the link may have been sent by someone else to the owner of an existing account.
 */
export async function completeSocialSignUp(
  db: Kysely<Database>,
  signUp: PendingSocialSignUp,
  language: string,
): Promise<void> {
  const identity: SocialIdentity = {
    provider: signUp.provider,
    subject: signUp.subject,
    email: null,
    name: signUp.name,
  };
  try {
    await db
      .transaction()
      .execute((trx) => createLinkedUser(trx, identity, { email: signUp.email, language }));
  } catch (error) {
    if (
      isUniqueViolation(error, 'users_email_lower_key') ||
      isUniqueViolation(error, 'social_accounts_provider_subject_key')
    ) {
      throw new BadRequestError(SIGN_UP_TAKEN_MESSAGE);
    }
    throw error;
  }
}
