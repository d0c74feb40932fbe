import { withAdvisoryLock } from '@benchside/db/advisory-lock';
import type { Database } from '@benchside/db/database';
import { type Kysely, sql } from 'kysely';
import { expireCreditPack } from '../credits/ledger-store.ts';

const BATCH_SIZE = 500;

/**
 * One run of the credit pack expiry job at `now`: every pack that has ended with credits unused and
 * no expiry row for that end gets one (`expireCreditPack`), on one node at a time (a second caller
 * waits for the lock, then finds them written). Read from the database a batch at a time after the
 * last pack seen, so a node that was down for days catches up in one run. Answers how many packs
 * this run expired.
 */
export function runCreditPackExpiries(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return withAdvisoryLock(db, 'creditPackExpiries', async (connection) => {
    let expired = 0;
    let after: { endedAt: Date; id: string } | null = null;
    for (;;) {
      let query = connection
        .selectFrom('user_credit_subscriptions as s')
        .select(['s.id', 's.user_id', 's.product_id', 's.valid_until'])
        .where('s.valid_until', '<=', now)
        .whereRef('s.used', '<', 's.amount')
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('credit_ledger as l')
                .select('l.id')
                .where('l.kind', '=', 'expiry')
                .whereRef('l.subscription_id', '=', 's.id')
                .whereRef('l.pack_ended_at', '=', 's.valid_until'),
            ),
          ),
        );
      if (after)
        query = query.where(sql<boolean>`(s.valid_until, s.id) > (${after.endedAt}, ${after.id}::uuid)`);
      const packs = await query.orderBy('s.valid_until').orderBy('s.id').limit(BATCH_SIZE).execute();
      for (const pack of packs) {
        const endedAt = pack.valid_until as Date;
        if (
          await expireCreditPack(connection, {
            id: pack.id,
            userId: pack.user_id,
            productId: pack.product_id,
            endedAt,
          })
        )
          expired++;
      }
      const last = packs.at(-1);
      if (!last || packs.length < BATCH_SIZE) return expired;
      after = { endedAt: last.valid_until as Date, id: last.id };
    }
  });
}
