import { Readable } from 'node:stream';
import { idParamsSchema } from '@benchside/contracts/cards';
import {
  balanceHistorySchema,
  type LedgerEntry,
  type LedgerFilter,
  ledgerCustomerBodySchema,
  ledgerEntrySchema,
  ledgerFilterSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  ledgerRangeSchema,
  refundRequestSchema,
} from '@benchside/contracts/credits';
import { emptyBodySchema } from '@benchside/contracts/notifications';
import type { Database } from '@benchside/db/database';
import type { App } from '@benchside/server/create-server';
import { csvRow } from '@benchside/server/csv';
import type { RateLimiter } from '@benchside/server/rate-limit';
import type { Kysely } from 'kysely';
import { LIMITS } from '../auth/limits.ts';
import {
  balanceHistory,
  ledgerReads,
  linkUseToCustomer,
  requestRefund,
  unlinkUseFromCustomer,
} from './ledger-store.ts';

const security = [{ session: [] }];
const tags = ['credits'];

const CSV_HEADER = [
  'Date',
  'Kind',
  'Amount',
  'Balance',
  'Card',
  'Credential',
  'Product',
  'Function',
  'Device model',
  'Result',
  'Refund of entry',
  'Entry',
  'Customer',
  'Customer device',
];

function csvRecord(entry: LedgerEntry): string {
  return csvRow([
    entry.createdAt,
    entry.kind,
    entry.amount,
    entry.balanceAfter,
    entry.card?.serial ?? null,
    entry.credential?.login ?? null,
    entry.product?.name ?? null,
    entry.function,
    entry.deviceModel,
    entry.result,
    entry.refundOf,
    entry.id,
    entry.customer?.name ?? null,
    entry.customerDevice,
  ]);
}

/** The CSV of each export batch that exports at the same moment share, written once for all. */
const csvOfBatch = new WeakMap<readonly LedgerEntry[], string>();

/** The CSV file, written as the rows are read; the BOM tells spreadsheets it is UTF-8. */
async function* ledgerCsv(batches: AsyncIterable<readonly LedgerEntry[]>): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(CSV_HEADER)}`;
  for await (const batch of batches) {
    let records = csvOfBatch.get(batch);
    if (records === undefined) {
      records = batch.map(csvRecord).join('');
      csvOfBatch.set(batch, records);
    }
    yield records;
  }
}

/** The name of the downloaded file says which rows it holds. */
function exportFileName(filter: LedgerFilter): string {
  const range = filter.from || filter.to ? `-${filter.from ?? 'start'}-to-${filter.to ?? 'today'}` : '';
  return `credits-ledger${range}.csv`;
}

/** Issue 19 item 1: the signed-in user's credits ledger; every read is scoped to the user's own rows. */
export function registerCreditRoutes(
  app: App,
  { db, limiter }: { db: Kysely<Database>; limiter: RateLimiter },
): void {
  const ledger = ledgerReads(db);
  app.get(
    '/api/credit-ledger',
    {
      schema: {
        tags,
        summary:
          'Your credit movements, newest first, filtered by card, product, kind, customer and days (from..to, both included), with your balance',
        security,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => {
      const { page, itemsPerPage, ...filter } = request.query;
      return ledger.page(request.user.id, filter, { page, itemsPerPage });
    },
  );

  app.get(
    '/api/credit-ledger/export',
    {
      schema: {
        tags,
        summary: 'Your credit movements with the same filters as the list, all of them, as a CSV download',
        security,
        querystring: ledgerFilterSchema,
      },
    },
    async (request, reply) => {
      const filter = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(filter)}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(ledgerCsv(ledger.export(request.user.id, filter))));
    },
  );

  app.get(
    '/api/credit-ledger/balance-history',
    {
      schema: {
        tags,
        summary:
          'Your balance at the end of each day from..to (the last 90 days by default); a long range takes several days a point',
        security,
        querystring: ledgerRangeSchema,
        response: { 200: balanceHistorySchema },
      },
    },
    async (request) => balanceHistory(db, request.user.id, request.query, new Date()),
  );

  app.put(
    '/api/credit-ledger/:id/customer',
    {
      schema: {
        tags,
        summary:
          'Say which of your customers, and which of their devices, one of your operations was for; 404 for an entry or customer that is not yours',
        security,
        params: idParamsSchema,
        body: ledgerCustomerBodySchema,
        response: { 200: ledgerEntrySchema },
      },
    },
    async (request) => linkUseToCustomer(db, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/credit-ledger/:id/customer',
    {
      schema: {
        tags,
        summary: 'Clear the customer and device of one of your operations',
        security,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await unlinkUseFromCustomer(db, request.user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/credit-ledger/:id/refund-request',
    {
      schema: {
        tags,
        summary:
          'Ask support to refund one of your failed operations: opens a conversation with the operation; 409 names the one already opened',
        security,
        params: idParamsSchema,
        body: emptyBodySchema,
        response: { 201: refundRequestSchema },
      },
    },
    async (request, reply) => {
      await limiter.consume(LIMITS.refundRequest, request.user.id);
      return reply.code(201).send(await requestRefund(db, request.user.id, request.params.id));
    },
  );
}
