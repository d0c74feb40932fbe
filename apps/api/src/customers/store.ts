import type { PagingQuery } from '@benchside/contracts/common';
import {
  type Customer,
  type CustomerBody,
  type CustomerStatus,
  MAX_CUSTOMERS_PER_USER,
} from '@benchside/contracts/customers';
import type { CustomersTable, Database } from '@benchside/db/database';
import { pageWindow, readCountedPage } from '@benchside/db/page-window';
import { ConflictError, NotFoundError } from '@benchside/server/errors';
import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { checkUuid, type Db } from '../cards/card-store.ts';

/** The signed-in technician's customer book: every query is scoped to one user id. */

export const CUSTOMER_NOT_FOUND_MESSAGE = 'The requested customer is not found';
export const CUSTOMER_BOOK_FULL_MESSAGE =
  'Your customer book is full. Delete customers you no longer need to add new ones.';

type CustomerRow = Selectable<CustomersTable>;

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    company: row.company,
    email: row.email,
    phone: row.phone,
    status: row.status,
    notes: row.notes,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The search index's condition (migration 0025): this owner's rows whose fields hold pieces that
 * cover `text`. It narrows, LIKE decides; a text of one or two letters has no piece to ask for.
 * The pieces are a subquery's value, which the planner does not look into: given them, it counted
 * the rows a piece every customer holds covers, judged the index not worth reading, and computed
 * each row's pieces instead (6.4 s for "Bench" among 100,000 customers against 0.3 s; decision 143).
 */
function searchIndexHolds(userId: string, text: string) {
  if ([...text].length < 3) return sql<SqlBool>`true`;
  return sql<SqlBool>`customer_search_keys(user_id, name, company, email, phone)
    @> (select customer_search_query(${userId}::uuid, ${text}))`;
}

type Book = ReturnType<typeof ownBook>;

function ownBook(db: Kysely<Database>, userId: string) {
  return db.selectFrom('customers').where('user_id', '=', userId);
}

function newestFirst(selection: Book, order: 'asc' | 'desc' = 'desc') {
  return selection.selectAll().orderBy('created_at', order).orderBy('id', order);
}

/** The user's customers a search matches: the search index narrows, ILIKE on each field decides. */
function matchingCustomers(db: Kysely<Database>, userId: string, search: string): Book {
  const pattern = containsPattern(search);
  return ownBook(db, userId)
    .where(searchIndexHolds(userId, search))
    .where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('company', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('phone', 'ilike', pattern),
      ]),
    );
}

/** The read of one page of a search, with the number of matches on each row (see listCustomers). */
export function customerSearchPage(
  db: Kysely<Database>,
  userId: string,
  query: PagingQuery & { search: string },
) {
  const window = pageWindow(query.page, query.itemsPerPage);
  return newestFirst(matchingCustomers(db, userId, query.search))
    .select(sql<string>`count(*) over ()`.as('matches'))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * One page, newest first. Without a search the total is the counter row (one key lookup, whatever
 * the number of customers), read beside the first page and before any other (`readCountedPage`).
 * A search is one read: the rows the search index finds, kept by LIKE, counted by a window over
 * all of them and sorted for the page. As a page and a count, it ran the index's scan twice, and
 * the page, planned to walk the newest-first index until it had filled, walked half the book when
 * a few thousand matched (166 ms at 100,000 rows against 19 ms for this one read).
 */
export async function listCustomers(
  db: Kysely<Database>,
  userId: string,
  query: PagingQuery & { search: string },
): Promise<{ member: Customer[]; totalItems: number }> {
  if (query.search !== '') {
    const rows = await customerSearchPage(db, userId, query).execute();
    const first = rows[0];
    if (first || query.page === 1)
      return { member: rows.map(toCustomer), totalItems: Number(first?.matches ?? 0) };
    // A page past the last match has no row to carry the count.
    const count = await matchingCustomers(db, userId, query.search)
      .select((eb) => eb.fn.countAll<string>().as('matches'))
      .executeTakeFirstOrThrow();
    return { member: [], totalItems: Number(count.matches) };
  }
  const { rows, totalItems } = await readCountedPage(
    () => db.selectFrom('customer_counters').select('total').where('user_id', '=', userId).executeTakeFirst(),
    (counter) => counter?.total ?? 0,
    query,
    async (window, fromEnd) => {
      const rows = await newestFirst(ownBook(db, userId), fromEnd ? 'asc' : 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      return fromEnd ? rows.reverse() : rows;
    },
  );
  return { member: rows.map(toCustomer), totalItems };
}

/** One of the user's customers; 404 for another user's, an unknown or a malformed id alike. */
export async function ownCustomer(db: Db, userId: string, id: string): Promise<Customer> {
  const row = await db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', checkUuid(id))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND_MESSAGE);
  return toCustomer(row);
}

/**
 * Adds a customer unless the book holds MAX_CUSTOMERS_PER_USER already. The counter row is locked
 * first, so two creates at once cannot both take the last place.
 */
export function createCustomer(db: Kysely<Database>, userId: string, body: CustomerBody): Promise<Customer> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customer_counters')
      .values({ user_id: userId })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    const { total } = await trx
      .selectFrom('customer_counters')
      .select('total')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (total >= MAX_CUSTOMERS_PER_USER) throw new ConflictError(CUSTOMER_BOOK_FULL_MESSAGE);
    const row = await trx
      .insertInto('customers')
      .values({ ...body, user_id: userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCustomer(row);
  });
}

export async function updateCustomer(
  db: Kysely<Database>,
  userId: string,
  id: string,
  body: CustomerBody,
): Promise<Customer> {
  const row = await db
    .updateTable('customers')
    .set({ ...body, updated_at: new Date() })
    .where('id', '=', checkUuid(id))
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND_MESSAGE);
  return toCustomer(row);
}

export async function deleteCustomer(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom('customers')
    .where('id', '=', checkUuid(id))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError(CUSTOMER_NOT_FOUND_MESSAGE);
}

/** Sets the status of the named customers in one statement; other users' ids match nothing. */
export async function setCustomersStatus(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
  status: CustomerStatus,
): Promise<number> {
  const result = await db
    .updateTable('customers')
    .set({ status, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the named customers in one statement; other users' ids match nothing. */
export async function deleteCustomers(db: Kysely<Database>, userId: string, ids: string[]): Promise<number> {
  const result = await db
    .deleteFrom('customers')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
