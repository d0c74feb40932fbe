import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';

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
