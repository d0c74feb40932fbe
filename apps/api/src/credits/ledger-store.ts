import {
  type BalanceHistory,
  type CreditMovementKind,
  type CreditUseResult,
  type LedgerCustomerBody,
  type LedgerEntry,
  type LedgerFilter,
  MAX_BALANCE_POINTS,
} from '@benchside/contracts/credits';
import type { Database } from '@benchside/db/database';
import { pageWindow, readCountedPage } from '@benchside/db/page-window';
import { isUniqueViolation } from '@benchside/db/unique-violation';
import { sharedReads } from '@benchside/server/batched-lookup';
import { startConversationIn, subjectFromBody } from '@benchside/server/conversations/conversations';
import { ConflictError, NotFoundError, UnprocessableError } from '@benchside/server/errors';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../cards/card-store.ts';
import { CUSTOMER_NOT_FOUND_MESSAGE } from '../customers/store.ts';

/** The credits ledger: every credit movement of a user as a row with the balance after it. */

export interface CreditMovement {
  userId: string;
  kind: CreditMovementKind;
  /** How many credits moved, always positive: the kind says which way. */
  credits: number;
  cardId?: string | null;
  userCrdId?: string | null;
  productId?: string | null;
  subscriptionId?: string | null;
  function?: string | null;
  deviceModel?: string | null;
  result?: CreditUseResult | null;
  refundOf?: string | null;
  /** A use's customer: one of the user's own (the database refuses anyone else's). */
  customerId?: string | null;
  customerDevice?: string | null;
  /** An expiry's pack end. */
  packEndedAt?: Date | null;
  /** When it happened; now when left out (the demo seed writes the past). */
  at?: Date;
}

/** A movement the balance cannot cover; only operators and jobs write movements, so no HTTP status. */
export class InsufficientCreditsError extends Error {
  override name = 'InsufficientCreditsError';
}

const DIRECTION: Record<CreditMovementKind, 1 | -1> = { grant: 1, refund: 1, use: -1, expiry: -1 };
const ENTRY_ID = /^[1-9]\d{0,15}$/;
const NOT_FOUND = 'The requested ledger entry is not found';
const ONLY_FAILED_USES = 'Only a failed operation can be refunded';
const ALREADY_REFUNDED = 'This operation was already refunded';
const ONLY_USES_FOR_CUSTOMERS = 'Only an operation can be for a customer';
const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_EXPORT_BATCH = 50;

/**
 * Takes the user's balance row for the rest of the transaction: ledger writers of one user run one
 * after the other, so each row's balance follows the row before it. Returns the balance.
 */
async function lockBalance(trx: Transaction<Database>, userId: string): Promise<number> {
  await trx
    .insertInto('credit_balances')
    .values({ user_id: userId, balance: 0 })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('credit_balances')
    .select('balance')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.balance;
}

/**
 * Moves a use's credits out of the packs that pay for it, or a refund's back into them, so the
 * packs' "left" (the cards page) and the ledger's balance agree. A use draws on the named pack, else
 * on the user's packs of the operation's product and the product-free ones valid at its time,
 * soonest-ending first; a refund gives back to the pack its use drew on first, then in the same
 * order, but only to packs still running: an ended pack's unused credits have expired (one
 * `expiry` row per pack and end), so credits given back to it would stay in the balance while the
 * pack showed them left after its end. What no running pack takes back stays in the balance
 * without an end, as credits granted without a pack do. Returns the pack drawn on or credited
 * first.
 */
async function moveThroughPacks(
  trx: Transaction<Database>,
  movement: CreditMovement & { at: Date },
  named: string | null,
): Promise<string | null> {
  const drawing = movement.kind === 'use';
  let first = named;
  if (!drawing && !first && movement.refundOf) {
    const use = await trx
      .selectFrom('credit_ledger')
      .select('subscription_id')
      .where('id', '=', movement.refundOf)
      .executeTakeFirst();
    first = use?.subscription_id ?? null;
    if (!first) return null;
  }
  let query = trx
    .selectFrom('user_credit_subscriptions')
    .select(['id', 'amount', 'used'])
    .where('user_id', '=', movement.userId);
  query = query.where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', movement.at)]));
  query = drawing ? query.whereRef('used', '<', 'amount') : query.where('used', '>', 0);
  if (drawing && named) query = query.where('id', '=', named);
  else if (movement.productId)
    query = query.where((eb) =>
      eb.or([eb('product_id', '=', movement.productId ?? null), eb('product_id', 'is', null)]),
    );
  const packs = await query
    .orderBy(sql`id is distinct from ${first}`)
    .orderBy(sql`product_id is null`)
    .orderBy(sql`valid_until asc nulls last`)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  let owed = movement.credits;
  for (const pack of packs) {
    if (owed === 0) break;
    const moved = Math.min(owed, drawing ? pack.amount - pack.used : pack.used);
    await trx
      .updateTable('user_credit_subscriptions')
      .set({ used: drawing ? pack.used + moved : pack.used - moved })
      .where('id', '=', pack.id)
      .execute();
    owed -= moved;
  }
  return drawing ? (first ?? packs[0]?.id ?? null) : (packs[0]?.id ?? null);
}

/**
 * Records one credit movement with the balance after it: the one way every writer (operator
 * commands, the seed, later jobs) changes a balance. Refuses a movement the balance cannot cover.
 */
export async function recordCreditMovement(
  db: Db,
  movement: CreditMovement,
): Promise<{ id: string; balanceAfter: number }> {
  if (!db.isTransaction) return db.transaction().execute((trx) => recordCreditMovement(trx, movement));
  const trx = db as Transaction<Database>;
  if (!Number.isSafeInteger(movement.credits) || movement.credits < 1)
    throw new RangeError(`Not a number of credits: ${movement.credits}`);
  const balance = await lockBalance(trx, movement.userId);
  const amount = DIRECTION[movement.kind] * movement.credits;
  const balanceAfter = balance + amount;
  if (balanceAfter < 0) throw new InsufficientCreditsError(`Not enough credits: ${balance} left`);
  const at = movement.at ?? new Date();
  let subscriptionId = movement.subscriptionId ?? null;
  if (movement.kind === 'use' || movement.kind === 'refund')
    subscriptionId = await moveThroughPacks(trx, { ...movement, at }, subscriptionId);
  const row = await trx
    .insertInto('credit_ledger')
    .values({
      user_id: movement.userId,
      kind: movement.kind,
      amount,
      balance_after: balanceAfter,
      card_id: movement.cardId ?? null,
      user_crd_id: movement.userCrdId ?? null,
      product_id: movement.productId ?? null,
      subscription_id: subscriptionId,
      function: movement.function ?? null,
      device_model: movement.deviceModel ?? null,
      result: movement.result ?? null,
      refund_of: movement.refundOf ?? null,
      customer_id: movement.customerId ?? null,
      customer_device: movement.customerDevice || null,
      pack_ended_at: movement.packEndedAt ?? null,
      // Whole milliseconds, as JavaScript reads them back: the export's cursor compares them exactly.
      created_at: movement.at ?? sql<Date>`date_trunc('milliseconds', clock_timestamp())`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('credit_balances')
    .set({ balance: balanceAfter })
    .where('user_id', '=', movement.userId)
    .execute();
  return { id: String(row.id), balanceAfter };
}

/** An entry id from a path or an option; any other shape is not found. */
export function checkEntryId(id: string): string {
  if (!ENTRY_ID.test(id)) throw new NotFoundError(NOT_FOUND);
  return id;
}

/**
 * Gives back the credits of a failed use, once: a second refund, or a refund of anything but a
 * failed use, is refused. Returns the refund row.
 */
export function refundCreditUse(
  db: Kysely<Database>,
  entryId: string,
): Promise<{ id: string; balanceAfter: number; userId: string; credits: number }> {
  const id = checkEntryId(entryId);
  return db
    .transaction()
    .execute(async (trx) => {
      const use = await trx.selectFrom('credit_ledger').selectAll().where('id', '=', id).executeTakeFirst();
      if (!use) throw new NotFoundError(NOT_FOUND);
      if (use.kind !== 'use' || use.result !== 'failed') throw new UnprocessableError(ONLY_FAILED_USES);
      await lockBalance(trx, use.user_id);
      const earlier = await trx
        .selectFrom('credit_ledger')
        .select('id')
        .where('refund_of', '=', id)
        .executeTakeFirst();
      if (earlier) throw new ConflictError(ALREADY_REFUNDED);
      const refund = await recordCreditMovement(trx, {
        userId: use.user_id,
        kind: 'refund',
        credits: -use.amount,
        cardId: use.card_id,
        userCrdId: use.user_crd_id,
        productId: use.product_id,
        function: use.function,
        deviceModel: use.device_model,
        refundOf: id,
      });
      return { ...refund, userId: use.user_id, credits: -use.amount };
    })
    .catch((error: unknown) => {
      // The balance lock makes this rare; the unique index makes it impossible.
      if (isUniqueViolation(error, 'credit_ledger_refund_of_key')) throw new ConflictError(ALREADY_REFUNDED);
      throw error;
    });
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The user's rows the filters keep; ownership is the first condition of every ledger read. */
function ownLedger(db: Db, userId: string, filter: LedgerFilter) {
  let query = db.selectFrom('credit_ledger as l').where('l.user_id', '=', userId);
  if (filter.card) query = query.where('l.card_id', '=', filter.card);
  if (filter.customer) query = query.where('l.customer_id', '=', filter.customer);
  if (filter.product) query = query.where('l.product_id', '=', filter.product);
  if (filter.kind) query = query.where('l.kind', '=', filter.kind);
  if (filter.from) query = query.where('l.created_at', '>=', dayStart(filter.from));
  if (filter.to) query = query.where('l.created_at', '<', new Date(dayStart(filter.to).getTime() + DAY_MS));
  return query;
}

type OwnLedger = ReturnType<typeof ownLedger>;

/** The entry's columns with the names of its card, credential and product, newest first. */
function withEntryColumns(query: OwnLedger) {
  return (
    query
      .leftJoin('cards', 'cards.id', 'l.card_id')
      .leftJoin('user_crds', 'user_crds.id', 'l.user_crd_id')
      .leftJoin('products', 'products.id', 'l.product_id')
      .leftJoin('customers', 'customers.id', 'l.customer_id')
      .select([
        'l.id',
        'l.kind',
        'l.amount',
        'l.balance_after',
        'l.card_id',
        'cards.serial',
        'l.user_crd_id',
        'user_crds.login',
        'l.product_id',
        'products.name as product_name',
        'l.function',
        'l.device_model',
        'l.result',
        'l.refund_of',
        'l.refund_conversation_id',
        'l.customer_id',
        'customers.name as customer_name',
        'l.customer_device',
        'l.pack_ended_at',
        'l.created_at',
      ])
      // A scalar subquery, not EXISTS: for an export batch of 500 rows the planner hashed EXISTS
      // over a scan of the whole ledger (115 ms at 100,000 rows); this is one unique-index probe a row.
      .select((eb) =>
        eb
          .selectFrom('credit_ledger as r')
          .select(sql<boolean>`true`.as('refunded'))
          .whereRef('r.refund_of', '=', 'l.id')
          .as('refunded'),
      )
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
  );
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof withEntryColumns>['execute']>>[number];

export function toLedgerEntry(row: EntryRow): LedgerEntry {
  return {
    id: String(row.id),
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balance_after,
    card: row.card_id && row.serial ? { id: row.card_id, serial: row.serial } : null,
    credential: row.user_crd_id && row.login ? { id: row.user_crd_id, login: row.login } : null,
    product: row.product_id ? { id: row.product_id, name: row.product_name ?? row.product_id } : null,
    function: row.function,
    deviceModel: row.device_model,
    result: row.result,
    refundOf: row.refund_of === null ? null : String(row.refund_of),
    refunded: Boolean(row.refunded),
    refundConversationId: row.refund_conversation_id,
    customer: row.customer_id && row.customer_name ? { id: row.customer_id, name: row.customer_name } : null,
    customerDevice: row.customer_device,
    packEndedAt: row.pack_ended_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Whether any filter narrows the ledger; without one, its total is the counter row. */
function isFiltered(filter: LedgerFilter): boolean {
  return Object.values(filter).some((value) => value !== undefined);
}

type LedgerPage = { member: LedgerEntry[]; totalItems: number; balance: number };

/**
 * One page of the user's filtered ledger, newest first, with the total the filters match and the
 * balance. Unfiltered, the total is the counter kept beside the balance (one key lookup at any
 * size) and a page past the middle is read from the oldest end; filtered, the rows the filters
 * match are counted. The page's ids are chosen from the index alone and only their rows are joined
 * to their names, in the same statement, so a deep page does not look up the rows it skips.
 * A filtered page is read beside the balance's counter, an unfiltered one by `readCountedPage`.
 */
async function listLedger(
  db: Db,
  userId: string,
  filter: LedgerFilter,
  paging: { page: number; itemsPerPage: number },
): Promise<LedgerPage> {
  const readCounter = () =>
    db
      .selectFrom('credit_balances')
      .select(['balance', 'movements'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  const own = ownLedger(db, userId, filter);
  const readPage = (window: ReturnType<typeof pageWindow>, order: 'asc' | 'desc') => {
    const pageIds = own
      .select('l.id')
      .orderBy('l.created_at', order)
      .orderBy('l.id', order)
      .limit(window.limit)
      .offset(window.offset);
    return withEntryColumns(db.selectFrom('credit_ledger as l').where('l.id', 'in', pageIds)).execute();
  };
  if (isFiltered(filter)) {
    const [counter, entries, count] = await Promise.all([
      readCounter(),
      readPage(pageWindow(paging.page, paging.itemsPerPage), 'desc'),
      own.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      member: entries.map(toLedgerEntry),
      totalItems: Number(count.total),
      balance: counter?.balance ?? 0,
    };
  }
  const { counter, rows, totalItems } = await readCountedPage(
    readCounter,
    (counter) => counter?.movements ?? 0,
    paging,
    // The statement orders the page's rows newest first whichever end their ids were chosen from.
    (window, fromEnd) => readPage(window, fromEnd ? 'asc' : 'desc'),
  );
  return { member: rows.map(toLedgerEntry), totalItems, balance: counter?.balance ?? 0 };
}

type ShareRead<V> = (key: string, read: () => Promise<V>) => Promise<V>;

/** Each read on its own: for callers that have no reads to share. */
const readAlone = <V>(_key: string, read: () => Promise<V>): Promise<V> => read();

/** Names one user's filtered read completely (who, which filters, which part), for `sharedReads`. */
function readKey(userId: string, filter: LedgerFilter, ...part: (string | number)[]): string {
  const { card, customer, product, kind, from, to } = filter;
  return JSON.stringify([userId, card, customer, product, kind, from, to, ...part]);
}

/**
 * The ledger's reads for the routes: identical pages and export batches asked for in one
 * event-loop turn share one read (see `sharedReads`), so fifty tabs of one account cost one query.
 */
export function ledgerReads(db: Kysely<Database>) {
  const sharedPage = sharedReads<LedgerPage>();
  const sharedBatch = sharedReads<ExportBatch>();
  return {
    page(userId: string, filter: LedgerFilter, paging: { page: number; itemsPerPage: number }) {
      return sharedPage(readKey(userId, filter, 'page', paging.page, paging.itemsPerPage), () =>
        listLedger(db, userId, filter, paging),
      );
    },
    export(userId: string, filter: LedgerFilter) {
      return exportLedger(db, userId, filter, undefined, sharedBatch);
    },
  };
}

/** One batch of an export: its entries, and where the next batch starts (none after the last). */
type ExportBatch = { entries: readonly LedgerEntry[]; next: { createdAt: Date; id: string } | null };

/**
 * Every row of the user's filtered ledger, newest first, a batch at a time, each read after the
 * last row sent (keyset), so an export of any length holds one batch in memory. `share` lets
 * exports of the same rows at the same moment read each batch once; the batch they share is one
 * array, so what is written from it can be written once too.
 */
export async function* exportLedger(
  db: Db,
  userId: string,
  filter: LedgerFilter,
  batchSize = 500,
  share: ShareRead<ExportBatch> = readAlone,
): AsyncGenerator<readonly LedgerEntry[]> {
  let after: ExportBatch['next'] = null;
  // A short first batch: the download starts after 50 rows are read, not 500.
  let size = Math.min(FIRST_EXPORT_BATCH, batchSize);
  for (;;) {
    let query = ownLedger(db, userId, filter);
    if (after) {
      const { createdAt, id } = after;
      query = query.where(sql<boolean>`(l.created_at, l.id) < (${createdAt}, ${id}::bigint)`);
    }
    const batch = withEntryColumns(query).limit(size);
    const cursor = after ? `${after.createdAt.toISOString()} ${after.id}` : 'start';
    const read: ExportBatch = await share(readKey(userId, filter, 'export', cursor, size), async () => {
      const rows = await batch.execute();
      const last = rows.at(-1);
      return {
        entries: rows.map(toLedgerEntry),
        next: last && rows.length === size ? { createdAt: last.created_at, id: String(last.id) } : null,
      };
    });
    if (read.entries.length > 0) yield read.entries;
    if (!read.next) return;
    after = read.next;
    size = batchSize;
  }
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The user's balance at the end of each day of `from`..`to` (the last 90 days by default), every
 * `stepDays` days so that a long range stays within MAX_BALANCE_POINTS points; the last point is `to`.
 */
export async function balanceHistory(
  db: Db,
  userId: string,
  range: { from?: string | undefined; to?: string | undefined },
  today: Date,
): Promise<BalanceHistory> {
  const to = dayStart(range.to ?? isoDay(today));
  // Only `from` given, and later than today: the one day it names.
  const from = range.from ? dayStart(range.from) : new Date(to.getTime() - 89 * DAY_MS);
  if (from > to) return balanceHistory(db, userId, { from: range.from, to: range.from }, today);
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  const stepDays = Math.ceil(days / MAX_BALANCE_POINTS);
  const pointDays: Date[] = [];
  for (let offset = (days - 1) % stepDays; offset < days; offset += stepDays) {
    pointDays.push(new Date(from.getTime() + offset * DAY_MS));
  }
  const dayEnds = JSON.stringify(pointDays.map((day) => new Date(day.getTime() + DAY_MS).toISOString()));
  const { rows } = await sql<{ ord: string; balance: number | null }>`
    select p.ord, (
      select l.balance_after from credit_ledger l
      where l.user_id = ${userId} and l.created_at < p.day_end::timestamptz
      order by l.created_at desc, l.id desc
      limit 1
    ) as balance
    from json_array_elements_text(${dayEnds}::json) with ordinality as p(day_end, ord)
    order by p.ord`.execute(db);
  return {
    stepDays,
    points: rows.map((row, index) => ({
      day: isoDay(pointDays[index] ?? from),
      balance: row.balance ?? 0,
    })),
  };
}

/** One of the user's entries as the list shows it; the caller has found it already. */
async function ownEntry(db: Db, userId: string, id: string): Promise<LedgerEntry> {
  const row = await withEntryColumns(
    ownLedger(db, userId, {}).where('l.id', '=', id),
  ).executeTakeFirstOrThrow();
  return toLedgerEntry(row);
}

/**
 * Says which of the user's own customers, and which of their devices, one of the user's own uses
 * was for. Another user's entry or customer is the same 404 as an unknown one. The customer row is
 * share-locked until the commit, so a delete at the same moment waits, then clears the link.
 */
export function linkUseToCustomer(
  db: Kysely<Database>,
  userId: string,
  entryId: string,
  link: LedgerCustomerBody,
): Promise<LedgerEntry> {
  const id = checkEntryId(entryId);
  return db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('credit_ledger')
      .select('kind')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!entry) throw new NotFoundError(NOT_FOUND);
    if (entry.kind !== 'use') throw new UnprocessableError(ONLY_USES_FOR_CUSTOMERS);
    const customer = await trx
      .selectFrom('customers')
      .select('id')
      .where('id', '=', link.customerId)
      .where('user_id', '=', userId)
      .forKeyShare()
      .executeTakeFirst();
    if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND_MESSAGE);
    await trx
      .updateTable('credit_ledger')
      .set({ customer_id: customer.id, customer_device: link.device || null })
      .where('id', '=', id)
      .execute();
    return ownEntry(trx, userId, id);
  });
}

/** Clears the customer and device of one of the user's own entries; 404 for any other entry. */
export async function unlinkUseFromCustomer(
  db: Kysely<Database>,
  userId: string,
  entryId: string,
): Promise<void> {
  const result = await db
    .updateTable('credit_ledger')
    .set({ customer_id: null, customer_device: null })
    .where('id', '=', checkEntryId(entryId))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError(NOT_FOUND);
}

/** A credit pack whose end has come, as the expiry job found it. */
export interface EndedPack {
  id: string;
  userId: string;
  productId: string | null;
  endedAt: Date;
}

/**
 * Takes an ended pack's unused credits off its user's balance: one `expiry` row per pack and end
 * (a unique index), in the balance's transaction. Never more than the balance holds, as credits
 * granted without a pack may have paid for uses the pack did not see, nor what an earlier end of the
 * same pack took. Answers whether it wrote one: not when the pack's end moved since it was found,
 * this end is done already, or nothing is left.
 */
export function expireCreditPack(db: Kysely<Database>, pack: EndedPack, at?: Date): Promise<boolean> {
  return db
    .transaction()
    .execute(async (trx) => {
      const balance = await lockBalance(trx, pack.userId);
      const current = await trx
        .selectFrom('user_credit_subscriptions')
        .select(['amount', 'used', 'valid_until'])
        .where('id', '=', pack.id)
        .forUpdate()
        .executeTakeFirst();
      if (current?.valid_until?.getTime() !== pack.endedAt.getTime()) return false;
      // Earlier ends of this pack (before the vendor moved its end) took their credits already.
      const earlier = await trx
        .selectFrom('credit_ledger')
        .select(['pack_ended_at', 'amount'])
        .where('kind', '=', 'expiry')
        .where('subscription_id', '=', pack.id)
        .execute();
      if (earlier.some((row) => row.pack_ended_at?.getTime() === pack.endedAt.getTime())) return false;
      const expired = earlier.reduce((sum, row) => sum - row.amount, 0);
      const credits = Math.min(current.amount - current.used - expired, balance);
      if (credits < 1) return false;
      await recordCreditMovement(trx, {
        userId: pack.userId,
        kind: 'expiry',
        credits,
        productId: pack.productId,
        subscriptionId: pack.id,
        packEndedAt: pack.endedAt,
        ...(at ? { at } : {}),
      });
      return true;
    })
    .catch((error: unknown) => {
      // The balance lock makes this rare; the unique index makes a second row impossible.
      if (isUniqueViolation(error, 'credit_ledger_pack_expiry_key')) return false;
      throw error;
    });
}

/** What support needs to judge a refund: the operation as the ledger recorded it. */
function refundRequestBody(entry: LedgerEntry): string {
  const operation = `${entry.function ?? 'Operation'}${entry.deviceModel ? ` on ${entry.deviceModel}` : ''}`;
  const credits = -entry.amount;
  const lines = [
    `Refund request: ${operation} (${credits} ${credits === 1 ? 'credit' : 'credits'})`,
    '',
    'This operation failed and used credits. Please refund them.',
    '',
    `Ledger entry: ${entry.id}`,
    `Date: ${entry.createdAt}`,
    `Function: ${entry.function ?? '—'}`,
    `Device model: ${entry.deviceModel ?? '—'}`,
    `Result: ${entry.result ?? '—'}`,
    `Credits used: ${credits}`,
    `Card: ${entry.card?.serial ?? '—'}`,
    `Credential: ${entry.credential?.login ?? '—'}`,
    `Product: ${entry.product ? `${entry.product.name} (${entry.product.id})` : '—'}`,
  ];
  return lines.join('\n');
}

/**
 * Opens a support conversation about one of the user's failed uses, its first message carrying
 * the operation, and links the use to it. Once linked, a second request is a 409 that names the
 * conversation; the row lock makes two requests at once end the same way.
 */
export function requestRefund(
  db: Kysely<Database>,
  userId: string,
  entryId: string,
): Promise<{ conversationId: string }> {
  const id = checkEntryId(entryId);
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('credit_ledger')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new NotFoundError(NOT_FOUND);
    const entry = await ownEntry(trx, userId, id);
    if (entry.refundConversationId) {
      throw new ConflictError('A refund was already requested for this operation', {
        fields: { conversationId: entry.refundConversationId },
      });
    }
    if (entry.kind !== 'use' || entry.result !== 'failed') throw new UnprocessableError(ONLY_FAILED_USES);
    if (entry.refunded) throw new UnprocessableError(ALREADY_REFUNDED);
    const body = refundRequestBody(entry);
    const { conversationId } = await startConversationIn(trx, {
      userId,
      subject: subjectFromBody(body),
      source: 'portal',
      body,
      attachmentIds: [],
      attachmentsField: 'attachments',
    });
    await trx
      .updateTable('credit_ledger')
      .set({ refund_conversation_id: conversationId })
      .where('id', '=', id)
      .execute();
    return { conversationId };
  });
}
