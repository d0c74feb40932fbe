import type { UserCrd, UserCrdLog } from '@benchside/contracts/cards';
import type { PagingQuery } from '@benchside/contracts/common';
import type { Database } from '@benchside/db/database';
import { NotFoundError } from '@benchside/server/errors';
import type { ExpressionBuilder } from 'kysely';
import { checkUuid, type Db, fetchPage } from './card-store.ts';

/** The user's credentials of the vendor's desktop tools (`user-crds`), their sessions and logs. */

/** The signed-in user's credential, or 404. */
export async function ownUserCrd(db: Db, userId: string, id: string) {
  const crd = await db
    .selectFrom('user_crds')
    .selectAll()
    .where('id', '=', checkUuid(id))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!crd) throw new NotFoundError('The requested credential is not found');
  return crd;
}

/** The user's credentials, or only the one of them `userCrdId` names. */
export interface OwnCrdsFilter {
  userId: string;
  userCrdId: string | undefined;
}

/** A row about one of the user's credentials: its own id, and the credential's id and login. */
type OwnCrdRow = { id: number | string; user_crd_id: string; login: string };

/**
 * A `?userCrd=` listing: the page `list` reads of all the user's credentials, or of the one
 * `query.userCrd` names (404 when it is not theirs). Each item names its row and credential, then
 * carries what `toItem` adds.
 */
export async function pageOfOwnCrds<Row extends OwnCrdRow, Item>(
  db: Db,
  userId: string,
  query: PagingQuery & { userCrd?: string | undefined },
  list: (db: Db, filter: OwnCrdsFilter, paging: PagingQuery) => Promise<{ rows: Row[]; totalItems: number }>,
  toItem: (row: Row) => Item,
): Promise<{ member: Array<{ id: string; userCrd: string; login: string } & Item>; totalItems: number }> {
  const userCrdId =
    query.userCrd === undefined ? undefined : (await ownUserCrd(db, userId, query.userCrd)).id;
  const { rows, totalItems } = await list(db, { userId, userCrdId }, query);
  return {
    member: rows.map((row) => ({
      id: String(row.id),
      userCrd: row.user_crd_id,
      login: row.login,
      ...toItem(row),
    })),
    totalItems,
  };
}

/** The condition on a query joined to `user_crds` that keeps the rows of the credentials `filter` selects. */
export function ofOwnCrds(filter: OwnCrdsFilter) {
  return (eb: ExpressionBuilder<Database, 'user_crds'>) =>
    eb.and([
      eb('user_crds.user_id', '=', filter.userId),
      ...(filter.userCrdId ? [eb('user_crds.id', '=', filter.userCrdId)] : []),
    ]);
}

type CrdRow = { id: string; login: string; card_id: string | null; login_at: Date | null; created_at: Date };

/** Credentials as the API shows them: with their card's serial and their number of open sessions. */
export async function toUserCrds(db: Db, rows: CrdRow[]): Promise<UserCrd[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const cardIds = rows.flatMap((row) => (row.card_id ? [row.card_id] : []));
  const [sessions, cards] = await Promise.all([
    db
      .selectFrom('user_crd_sessions')
      .select((eb) => ['user_crd_id', eb.fn.countAll<number>().as('count')])
      .where('user_crd_id', 'in', ids)
      .where('ended_at', 'is', null)
      .groupBy('user_crd_id')
      .execute(),
    cardIds.length > 0
      ? db.selectFrom('cards').select(['id', 'serial']).where('id', 'in', cardIds).execute()
      : Promise.resolve([]),
  ]);
  return rows.map((row) => ({
    id: row.id,
    login: row.login,
    card: row.card_id,
    cardSerial: cards.find((card) => card.id === row.card_id)?.serial ?? null,
    loginAt: row.login_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    activeSessions: Number(sessions.find((entry) => entry.user_crd_id === row.id)?.count ?? 0),
  }));
}

/**
 * One page of the user's credentials (only those bound to `cardId` when given), by last sign-in in
 * `direction` (never-used ones last when newest first, first otherwise), then by login.
 */
export function listUserCrds(
  db: Db,
  filter: { userId: string; cardId: string | undefined },
  paging: PagingQuery,
  direction: 'asc' | 'desc',
) {
  let mine = db.selectFrom('user_crds').where('user_id', '=', filter.userId);
  if (filter.cardId) mine = mine.where('card_id', '=', filter.cardId);
  return fetchPage(mine, paging, (query) =>
    query
      .selectAll()
      .orderBy('login_at', (order) =>
        direction === 'desc' ? order.desc().nullsLast() : order.asc().nullsFirst(),
      )
      .orderBy('login'),
  );
}

/** A credential's open sessions, most recently seen first (at most 100). */
export function listOpenCrdSessions(db: Db, userCrdId: string) {
  return db
    .selectFrom('user_crd_sessions')
    .selectAll()
    .where('user_crd_id', '=', userCrdId)
    .where('ended_at', 'is', null)
    .orderBy('last_seen_at', 'desc')
    .limit(100)
    .execute();
}

/** One page of the logs of the user's credentials (of `userCrdId` only, when given), by date in `direction`. */
export function listCrdLogs(db: Db, filter: OwnCrdsFilter, paging: PagingQuery, direction: 'asc' | 'desc') {
  const mine = db
    .selectFrom('user_crd_logs')
    .innerJoin('user_crds', 'user_crds.id', 'user_crd_logs.user_crd_id')
    .where(ofOwnCrds(filter));
  return fetchPage(mine, paging, (query) =>
    query
      .select([
        'user_crd_logs.id',
        'user_crd_logs.user_crd_id',
        'user_crds.login',
        'user_crd_logs.at',
        'user_crd_logs.event',
        'user_crd_logs.ip',
        'user_crd_logs.machine',
      ])
      .orderBy('user_crd_logs.at', direction)
      .orderBy('user_crd_logs.id', direction),
  );
}

/** Records what the user did to a credential, from which address and browser. */
export async function logCrdEvent(
  db: Db,
  userCrdId: string,
  event: UserCrdLog['event'],
  origin: { ip: string; machine: string },
): Promise<void> {
  await db
    .insertInto('user_crd_logs')
    .values({ user_crd_id: userCrdId, event, ip: origin.ip, machine: origin.machine })
    .execute();
}

export async function setCrdPasswordHash(db: Db, userCrdId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('user_crds')
    .set({ password_hash: passwordHash })
    .where('id', '=', userCrdId)
    .execute();
}

/** Ends every open session of a credential now; how many there were. */
export async function endCrdSessions(db: Db, userCrdId: string): Promise<number> {
  const ended = await db
    .updateTable('user_crd_sessions')
    .set({ ended_at: new Date() })
    .where('user_crd_id', '=', userCrdId)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return ended.length;
}

/** Unbinds a credential from its card; the credential as it is now. */
export function unlinkCrdFromCard(db: Db, userCrdId: string) {
  return db
    .updateTable('user_crds')
    .set({ card_id: null })
    .where('id', '=', userCrdId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
