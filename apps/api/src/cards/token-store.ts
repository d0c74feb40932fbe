import type { PagingQuery } from '@benchside/contracts/common';
import { NotFoundError } from '@benchside/server/errors';
import { sql } from 'kysely';
import { checkUuid, type Db, fetchPage } from './card-store.ts';
import { type OwnCrdsFilter, ofOwnCrds } from './credential-store.ts';

/** The user's credits, their credentials' token events and fingerprints, and third-party tokens. */

/** One page of the user's credit subscriptions, newest first, with the product each is for. */
export function listCreditSubscriptions(db: Db, userId: string, paging: PagingQuery) {
  return fetchPage(
    db.selectFrom('user_credit_subscriptions as s').where('s.user_id', '=', userId),
    paging,
    (mine) =>
      mine
        .leftJoin('products', 'products.id', 's.product_id')
        .select([
          's.id',
          's.kind',
          's.product_id',
          'products.name',
          's.amount',
          's.used',
          's.valid_until',
          's.created_at',
        ])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id'),
  );
}

/** The credits the user has left in the subscriptions still valid at `now`. */
export async function remainingCredits(db: Db, userId: string, now: Date): Promise<number> {
  const balance = await db
    .selectFrom('user_credit_subscriptions')
    .select(sql<number>`coalesce(sum(greatest(amount - used, 0)), 0)::integer`.as('remaining'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(balance.remaining);
}

/** One page of the token events of the user's credentials (of `userCrdId` only, when given), newest first. */
export function listTokenEvents(db: Db, filter: OwnCrdsFilter, paging: PagingQuery) {
  const mine = db
    .selectFrom('token_events')
    .innerJoin('user_crds', 'user_crds.id', 'token_events.user_crd_id')
    .where(ofOwnCrds(filter));
  return fetchPage(mine, paging, (query) =>
    query
      .select([
        'token_events.id',
        'token_events.user_crd_id',
        'user_crds.login',
        'token_events.event',
        'token_events.machine',
        'token_events.at',
      ])
      .orderBy('token_events.at', 'desc')
      .orderBy('token_events.id', 'desc'),
  );
}

/** One page of the machines seen using the user's credentials (of `userCrdId` only, when given), latest first. */
export function listTokenFingerprints(db: Db, filter: OwnCrdsFilter, paging: PagingQuery) {
  const mine = db
    .selectFrom('token_fingerprints as f')
    .innerJoin('user_crds', 'user_crds.id', 'f.user_crd_id')
    .where(ofOwnCrds(filter));
  return fetchPage(mine, paging, (query) =>
    query
      .select([
        'f.id',
        'f.user_crd_id',
        'user_crds.login',
        'f.fingerprint',
        'f.machine',
        'f.first_seen_at',
        'f.last_seen_at',
      ])
      .orderBy('f.last_seen_at', 'desc')
      .orderBy('f.id', 'desc'),
  );
}

/** One page of a credential's third-party software tokens, newest first. */
export function listThirdPartyTokens(db: Db, userCrdId: string, paging: PagingQuery) {
  return fetchPage(
    db.selectFrom('third_party_software_tokens').where('user_crd_id', '=', userCrdId),
    paging,
    (mine) => mine.selectAll().orderBy('created_at', 'desc').orderBy('id'),
  );
}

/** Stores a new token by the hash of its secret (the secret itself is never stored). */
export function createThirdPartyToken(db: Db, token: { userCrdId: string; name: string; tokenHash: string }) {
  return db
    .insertInto('third_party_software_tokens')
    .values({ user_crd_id: token.userCrdId, name: token.name, token_hash: token.tokenHash })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A third-party token of one of the user's credentials, or 404. */
export async function ownThirdPartyToken(db: Db, userId: string, id: string) {
  const row = await db
    .selectFrom('third_party_software_tokens as t')
    .innerJoin('user_crds', 'user_crds.id', 't.user_crd_id')
    .select(['t.id', 't.user_crd_id', 't.name', 't.active', 't.created_at'])
    .where('t.id', '=', checkUuid(id))
    .where('user_crds.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('The requested token is not found');
  return row;
}

export function setThirdPartyTokenActive(db: Db, id: string, active: boolean) {
  return db
    .updateTable('third_party_software_tokens')
    .set({ active })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteThirdPartyToken(db: Db, id: string): Promise<void> {
  await db.deleteFrom('third_party_software_tokens').where('id', '=', id).execute();
}
