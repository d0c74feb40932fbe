import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';

/** The products the supported-models files of the tests name. */
export async function addProducts(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('products')
    .values([
      { id: 'unlock-pro', name: 'Unlock Pro' },
      { id: 'frp-tool', name: 'FRP Tool' },
    ])
    .execute();
}
