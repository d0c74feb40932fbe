import type { PagingQuery } from '@benchside/contracts/common';
import { MAX_WATCHES_PER_USER, type Watch, type WatchTarget } from '@benchside/contracts/watches';
import type { Database, WatchKind } from '@benchside/db/database';
import { pageWindow } from '@benchside/db/page-window';
import { ConflictError, NotFoundError } from '@benchside/server/errors';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';

/** The signed-in technician's watch list: every query is scoped to one user id. */

export const WATCH_NOT_FOUND_MESSAGE = 'The requested watch is not found';
export const WATCH_LIST_FULL_MESSAGE =
  'Your watch list is full (200 watches). Remove watches you no longer need to add new ones.';

/**
 * The watches of one target, in any case: the expressions of `watches_user_target_key` and
 * `watches_target_idx`, so both indexes serve it.
 */
export function watchesOf(target: WatchColumns): RawBuilder<SqlBool> {
  return sql<SqlBool>`watches.kind = ${target.kind}
    and lower(coalesce(watches.brand, '')) = lower(${target.brand ?? ''})
    and lower(watches.name) = lower(${target.name})`;
}

export interface WatchColumns {
  kind: WatchKind;
  brand: string | null;
  name: string;
}

function targetColumns(target: WatchTarget): WatchColumns {
  return {
    kind: target.kind,
    brand: target.kind === 'model' ? (target.brand ?? null) : null,
    name: target.name,
  };
}

/** The user's watches with each one's newest package, newest watch first (or only those matching). */
function watchRows(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('watches')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('watch_packages as wp')
          .innerJoin('catalogue_files as f', 'f.id', 'wp.package_id')
          .select(['f.file', 'f.version', 'wp.published_at'])
          .whereRef('wp.watch_id', '=', 'watches.id')
          .orderBy('wp.published_at', 'desc')
          .orderBy('wp.package_id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([
      'watches.id',
      'watches.kind',
      'watches.brand',
      'watches.name',
      'watches.created_at',
      'last.file',
      'last.version',
      'last.published_at',
    ])
    .where('watches.user_id', '=', userId);
}

type WatchRow = Awaited<ReturnType<ReturnType<typeof watchRows>['executeTakeFirstOrThrow']>>;

function toWatch(row: WatchRow): Watch {
  return {
    id: row.id,
    kind: row.kind,
    brand: row.brand,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastPackage:
      row.file === null || row.published_at === null
        ? null
        : { name: row.file, version: row.version, publishedAt: row.published_at.toISOString() },
  };
}

/** One page, newest watch first; the total is a count of at most MAX_WATCHES_PER_USER rows. */
export async function listWatches(
  db: Kysely<Database>,
  userId: string,
  paging: PagingQuery,
): Promise<{ member: Watch[]; totalItems: number }> {
  const window = pageWindow(paging.page, paging.itemsPerPage);
  const [rows, counted] = await Promise.all([
    watchRows(db, userId)
      .orderBy('watches.created_at', 'desc')
      .orderBy('watches.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('watches')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { member: rows.map(toWatch), totalItems: Number(counted.total) };
}

/** The user's watch of this model or tool, or null. */
export async function findWatch(
  db: Kysely<Database>,
  userId: string,
  target: WatchTarget,
): Promise<Watch | null> {
  const row = await watchRows(db, userId)
    .where(watchesOf(targetColumns(target)))
    .executeTakeFirst();
  return row ? toWatch(row) : null;
}

/**
 * Watches the target, once: a second call answers the watch there is (`created` false). The
 * user's row is locked first, so two calls at once can neither both pass the cap nor both insert.
 */
export async function watch(
  db: Kysely<Database>,
  userId: string,
  target: WatchTarget,
): Promise<{ watch: Watch; created: boolean }> {
  const created = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const columns = targetColumns(target);
    const existing = await trx
      .selectFrom('watches')
      .select('id')
      .where('user_id', '=', userId)
      .where(watchesOf(columns))
      .executeTakeFirst();
    if (existing) return false;
    const { total } = await trx
      .selectFrom('watches')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(total) >= MAX_WATCHES_PER_USER) throw new ConflictError(WATCH_LIST_FULL_MESSAGE);
    await trx
      .insertInto('watches')
      .values({ user_id: userId, ...columns })
      .execute();
    return true;
  });
  const saved = await findWatch(db, userId, target);
  if (!saved) throw new NotFoundError(WATCH_NOT_FOUND_MESSAGE);
  return { watch: saved, created };
}

/** Stops one of the user's watches; another user's, or one already gone, is not found. */
export async function unwatch(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  const removed = await db
    .deleteFrom('watches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new NotFoundError(WATCH_NOT_FOUND_MESSAGE);
}
