import type { Database, SocialAccountRow, User } from '@benchside/db/database';
import type { Kysely } from 'kysely';
import type { SocialIdentity } from './identity.ts';

/** The links between users and their Google or Facebook identities. */

/**
 * The account an identity signs in to. A link to an account whose address was never proven opens
 * nothing (issue 15).
 */
export function findVerifiedLinkedUser(
  db: Kysely<Database>,
  identity: SocialIdentity,
): Promise<User | undefined> {
  return db
    .selectFrom('social_accounts')
    .innerJoin('users', 'users.id', 'social_accounts.user_id')
    .selectAll('users')
    .where('social_accounts.provider', '=', identity.provider)
    .where('social_accounts.subject', '=', identity.subject)
    .where('users.is_verified', '=', true)
    .executeTakeFirst();
}

/** A user's links, oldest first. */
export function listSocialLinks(db: Kysely<Database>, userId: string): Promise<SocialAccountRow[]> {
  return db
    .selectFrom('social_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The user an identity is linked to, whoever that is. */
export async function findLinkHolder(
  db: Kysely<Database>,
  identity: SocialIdentity,
): Promise<string | undefined> {
  const holder = await db
    .selectFrom('social_accounts')
    .select('user_id')
    .where('provider', '=', identity.provider)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  return holder?.user_id;
}

/** Links an identity to a user; the unique indexes refuse a second link of either. */
export function insertSocialLink(
  db: Kysely<Database>,
  userId: string,
  identity: SocialIdentity,
): Promise<SocialAccountRow> {
  return db
    .insertInto('social_accounts')
    .values({
      user_id: userId,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email ?? '',
      name: identity.name,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSocialLink(db: Kysely<Database>, userId: string, linkId: string): Promise<void> {
  await db.deleteFrom('social_accounts').where('id', '=', linkId).where('user_id', '=', userId).execute();
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
