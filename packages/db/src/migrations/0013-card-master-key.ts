import type { Kysely } from 'kysely';

/**
 * Which vendor master key made each card (`masterKeyId` of card-crypto, never the key itself), as
 * its last validation proved: after a key rotation, a card's activation tokens must come from the
 * key that made it. Null until the card is validated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cards').addColumn('master_key_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cards').dropColumn('master_key_id').execute();
}
