import { ledgerPageSchema } from '@benchside/contracts/credits';
import { gatherPlannerStatistics } from '@benchside/db/planner-statistics';
import { sql } from 'kysely';
import {
  LOAD_CONNECTIONS,
  type LoadFigures,
  type LoadRequest,
  measureFirstLine,
  measureLoad,
  p99BySize,
  warmUp,
  warmUpFirstLine,
} from './api-load.ts';
import type { Backend } from './backends.ts';
import { demoUserId, openSeededDatabase, signInAsDemo, startStack } from './stack.ts';

/**
 * Issues 19 and 20: one technician's credits ledger and customer book at 1,000, 10,000 and 100,000
 * rows each; every list call their pages make answers at p99 ≤ 10 ms with 50 connections.
 * `BENCH_LEDGER_ROWS=1000,10000` measures only the sizes named.
 */
export const LEDGER_SIZES = [1_000, 10_000, 100_000] as const;
const P99_BUDGET_MS = 10;
/** What the pages ask for (`LEDGER_PAGE_SIZE`, `CUSTOMERS_PAGE_SIZE`). */
const PAGE_SIZE = 20;
/** The bench's ledger spans this long before the demo's own rows, whatever its size. */
const LEDGER_SPAN_MS = 365 * 24 * 60 * 60 * 1000;
/** Each block of nine rows, oldest first: a grant of 100, seven uses of 10 (the last failed), its refund. */
const LEDGER_BLOCK = 9;
const FILTER_DAYS = 30;

/** `budgeted: false` for a load recorded beside the budgeted ones, to show what sharing does not cover. */
export type LedgerLoad = { name: string; budgeted: boolean } & LoadFigures;
export type LedgerRun = {
  rows: number;
  loads: LedgerLoad[];
  /** The whole CSV export of every row, measured once on the largest size. */
  wholeExport?: { seconds: number; megabytes: number; rows: number };
  /** `GET /api/me` on the same stack: what the machine gives a one-query signed-in call right now. */
  reference: LedgerLoad;
};
export type LedgerResult = { backend: string; runs: LedgerRun[] };

/** The sizes this run measures: BENCH_LEDGER_ROWS if set, else every size. */
export function ledgerSizes(setting = process.env.BENCH_LEDGER_ROWS): number[] {
  if (!setting) return [...LEDGER_SIZES];
  const sizes = setting.split(',').map(Number);
  if (sizes.some((size) => !Number.isSafeInteger(size) || size < 100))
    throw new Error(`BENCH_LEDGER_ROWS must list row counts of at least 100: ${setting}`);
  return sizes;
}

const customerName = (index: number) => `Bench customer ${String(index).padStart(6, '0')}`;
/** A customer in the middle of the book: a search for the name finds exactly that one. */
const searchedCustomer = (added: number) => customerName(Math.ceil(added / 2));

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** What the filled database holds, for the calls to ask for and to check their answers against. */
type Filled = {
  ledgerRows: number;
  customers: number;
  product: string;
  from: string;
  to: string;
  filteredRows: number;
  searched: string;
};

/**
 * Grows the demo's ledger and customer book to `rows` each before the portal starts, older than the
 * demo's own rows, one set-based statement each. The ledger's blocks of nine rows net +40 and a
 * last expiry takes the rest, so the bench's history ends at a balance of 0 where the demo's first
 * grant starts: every row's balance follows the one before it, the current balance and the packs
 * stay as seeded. A use is on one of the demo's cards and one of three products, in turn.
 */
async function fillLedgerAndCustomers(env: NodeJS.ProcessEnv, rows: number): Promise<Filled> {
  const database = await openSeededDatabase(env);
  try {
    const { db } = database;
    const demoId = await demoUserId(db);
    const ledger = await db
      .selectFrom('credit_ledger')
      .select((eb) => [eb.fn.countAll<string>().as('rows'), eb.fn.min('created_at').as('first')])
      .where('user_id', '=', demoId)
      .executeTakeFirstOrThrow();
    const cards = await db
      .selectFrom('cards')
      .leftJoin('user_crds', 'user_crds.card_id', 'cards.id')
      .select(['cards.id', 'user_crds.id as crd_id'])
      .where('cards.user_id', '=', demoId)
      .orderBy('cards.serial')
      .execute();
    const products = (await db.selectFrom('products').select('id').orderBy('id').limit(3).execute()).map(
      (product) => product.id,
    );
    const firstAt = ledger.first ?? new Date();
    const added = rows - Number(ledger.rows);
    if (added < 2 || cards.length === 0 || products.length === 0)
      throw new Error(`Cannot grow a ledger of ${ledger.rows} rows to ${rows}`);
    const stepMs = Math.floor(LEDGER_SPAN_MS / added);
    await sql`
      with positions as (
        select g, (g - 1) % ${LEDGER_BLOCK}::int as p,
               ${firstAt}::timestamptz - (${added}::int - g + 1) * ${stepMs}::bigint * interval '1 millisecond' as at
          from generate_series(1, ${added}::int) g
      ), moves as (
        select g, p, at,
               case when g = ${added}::int then 'expiry' when p = 0 then 'grant'
                    when p = ${LEDGER_BLOCK - 1}::int then 'refund' else 'use' end as kind,
               case when g = ${added}::int then null when p = 0 then 100
                    when p = ${LEDGER_BLOCK - 1}::int then 10 else -10 end as credits,
               ((g - 1) / ${LEDGER_BLOCK}::int) as block
          from positions
      ), balances as (
        select moves.*, sum(credits) over (order by g) as running from moves
      )
      insert into credit_ledger (user_id, kind, amount, balance_after, card_id, user_crd_id, product_id,
                                 function, device_model, result, created_at)
      select ${demoId}::uuid, kind,
             case when kind = 'expiry' then -running else credits end,
             case when kind = 'expiry' then 0 else running end,
             case when kind in ('use', 'refund') then (${cards.map((card) => card.id)}::uuid[])[block % ${cards.length}::int + 1] end,
             case when kind in ('use', 'refund') then (${cards.map((card) => card.crd_id)}::uuid[])[block % ${cards.length}::int + 1] end,
             case when kind <> 'expiry' then (${products}::text[])[block % ${products.length}::int + 1] end,
             case when kind in ('use', 'refund') then (array['Unlock', 'Read info', 'Repair IMEI', 'Flash', 'FRP'])[p % 5 + 1] end,
             case when kind in ('use', 'refund') then 'SM-A' || lpad((g % 1000)::text, 3, '0') || 'F' end,
             case when kind = 'use' then case when p = ${LEDGER_BLOCK - 2}::int then 'failed' else 'succeeded' end end,
             at
        from balances`.execute(db);
    // Each refund names the failed use one step before it, as `credit refund --entry` records it.
    await sql`
      update credit_ledger refund set refund_of = use.id
        from credit_ledger use
       where refund.user_id = ${demoId}::uuid and refund.kind = 'refund' and refund.refund_of is null
         and refund.created_at < ${firstAt}::timestamptz
         and use.user_id = ${demoId}::uuid and use.kind = 'use' and use.result = 'failed'
         and use.created_at = refund.created_at - ${stepMs}::bigint * interval '1 millisecond'`.execute(db);

    const book = await db
      .selectFrom('customers')
      .select((eb) => [eb.fn.countAll<string>().as('rows'), eb.fn.min('created_at').as('first')])
      .where('user_id', '=', demoId)
      .executeTakeFirstOrThrow();
    const addedCustomers = rows - Number(book.rows);
    await sql`
      insert into customers (user_id, name, type, company, email, phone, status, notes, created_at, updated_at)
      select ${demoId}::uuid, 'Bench customer ' || lpad(g::text, 6, '0'),
             case when g % 3 = 0 then 'business' else 'individual' end,
             case when g % 3 = 0 then 'Bench repairs ' || (g % 500) else '' end,
             'customer' || lpad(g::text, 6, '0') || '@bench.example',
             '+49 151 ' || lpad(g::text, 7, '0'),
             case when g % 10 = 0 then 'suspended' else 'active' end,
             '', at, at
        from generate_series(1, ${addedCustomers}::int) g,
             lateral (select ${book.first ?? new Date()}::timestamptz - (${addedCustomers}::int - g + 1) * interval '1 hour' as at) t`.execute(
      db,
    );
    // The statistics a bulk import leaves behind, on this stack's schema alone.
    await gatherPlannerStatistics(db);

    // A month in the middle of the bench's history, and the first product: what a filtered page asks.
    const middle = new Date(firstAt.getTime() - LEDGER_SPAN_MS / 2);
    const from = isoDay(middle);
    const to = isoDay(new Date(middle.getTime() + (FILTER_DAYS - 1) * 24 * 60 * 60 * 1000));
    const product = products[0] ?? '';
    const filtered = await db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('rows'))
      .where('user_id', '=', demoId)
      .where('product_id', '=', product)
      .where('created_at', '>=', new Date(`${from}T00:00:00Z`))
      .where('created_at', '<', new Date(new Date(`${to}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000))
      .executeTakeFirstOrThrow();
    return {
      ledgerRows: rows,
      customers: rows,
      product,
      from,
      to,
      filteredRows: Number(filtered.rows),
      searched: searchedCustomer(addedCustomers),
    };
  } finally {
    await database.close();
  }
}

async function getJson(url: string, cookie: string): Promise<unknown> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Every call must find what it is measured on, or the figure would be of an empty answer. */
async function expectTotal(url: string, cookie: string, total: number, items: number): Promise<void> {
  const answer = (await getJson(url, cookie)) as { totalItems: number; member: unknown[] };
  if (answer.totalItems !== total || answer.member.length !== items)
    throw new Error(
      `${url} found ${answer.totalItems} rows (${answer.member.length} on the page), not ${total}`,
    );
}

/** The CSV export read to its end: how long, how big, how many data rows. */
async function readWholeExport(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds: Number(seconds.toFixed(2)),
    megabytes: Number((bytes / 1e6).toFixed(1)),
    rows: lines - 1,
  };
}

type Request = { name: string } & LoadRequest;

/** One portal with a ledger and a customer book of `rows` rows each. */
async function measureSize(
  root: string,
  backend: Backend,
  rows: number,
  largest: boolean,
): Promise<LedgerRun> {
  let filled: Filled | undefined;
  const stack = await startStack(root, {
    backend,
    prepare: async (env) => {
      filled = await fillLedgerAndCustomers(env, rows);
    },
  });
  try {
    if (!filled) throw new Error('The ledger was not filled');
    const { product, from, to, filteredRows, searched } = filled;
    const cookie = await signInAsDemo(stack.baseUrl);
    const lastPage = Math.floor(rows / PAGE_SIZE);
    const api = `${stack.baseUrl}/api`;
    const paged = `itemsPerPage=${PAGE_SIZE}`;
    const filter = `product=${encodeURIComponent(product)}&from=${from}&to=${to}`;
    const requests: (Request & { total: number; items: number })[] = [
      {
        name: 'GET /api/credit-ledger, first page',
        url: `${api}/credit-ledger?page=1&${paged}`,
        total: rows,
        items: PAGE_SIZE,
      },
      {
        name: `GET /api/credit-ledger, a product and ${FILTER_DAYS} days`,
        url: `${api}/credit-ledger?page=1&${paged}&${filter}`,
        total: filteredRows,
        items: Math.min(PAGE_SIZE, filteredRows),
      },
      {
        name: 'GET /api/credit-ledger, last page',
        url: `${api}/credit-ledger?page=${lastPage}&${paged}`,
        total: rows,
        items: PAGE_SIZE,
      },
      {
        name: 'GET /api/customers, first page',
        url: `${api}/customers?page=1&${paged}`,
        total: rows,
        items: PAGE_SIZE,
      },
      {
        name: 'GET /api/customers, a search by name',
        url: `${api}/customers?page=1&${paged}&search=${encodeURIComponent(searched)}`,
        total: 1,
        items: 1,
      },
      {
        name: 'GET /api/customers, last page',
        url: `${api}/customers?page=${lastPage}&${paged}`,
        total: rows,
        items: PAGE_SIZE,
      },
    ];
    // The first page of the ledger also carries the balance: the seeded one, untouched by the fill.
    ledgerPageSchema.parse(await getJson(requests[0]?.url ?? '', cookie));
    for (const request of requests) await expectTotal(request.url, cookie, request.total, request.items);

    // Fifty connections asking for one page share each read (`sharedReads`); fifty asking for
    // fifty different pages, as fifty technicians would, share nothing: recorded beside the budget.
    const differentPages = (path: string) =>
      Array.from({ length: LOAD_CONNECTIONS }, (_, index) => `${path}?page=${index + 1}&${paged}`);
    const unshared: Request[] = [
      {
        name: `GET /api/credit-ledger, ${LOAD_CONNECTIONS} different pages at once`,
        url: `${api}/credit-ledger`,
        paths: differentPages('/api/credit-ledger'),
      },
      {
        name: `GET /api/customers, ${LOAD_CONNECTIONS} different pages at once`,
        url: `${api}/customers`,
        paths: differentPages('/api/customers'),
      },
    ];

    const loads: LedgerLoad[] = [];
    // Requests that outlived a load's ten seconds still hold the database; a signed-in call
    // answers once they are done, so the next call is not measured behind them.
    const settled = () => getJson(`${api}/me`, cookie);
    for (const [list, budgeted] of [
      [requests, true],
      [unshared, false],
    ] as const) {
      for (const request of list) {
        await warmUp({ ...request, cookie });
        loads.push({ name: request.name, budgeted, ...(await measureLoad({ ...request, cookie })) });
        await settled();
      }
    }
    const exportUrl = `${api}/credit-ledger/export?${filter}`;
    await warmUpFirstLine({ url: exportUrl, cookie });
    loads.push({
      name: `GET /api/credit-ledger/export, a product and ${FILTER_DAYS} days, to the first row`,
      budgeted: true,
      ...(await measureFirstLine({ url: exportUrl, cookie })),
    });
    await settled();
    const reference: LedgerLoad = {
      name: 'GET /api/me',
      budgeted: false,
      ...(await measureLoad({ url: `${api}/me`, cookie })),
    };
    if (!largest) return { rows, loads, reference };
    const wholeExport = await readWholeExport(`${api}/credit-ledger/export`, cookie);
    if (wholeExport.rows !== rows) throw new Error(`The export held ${wholeExport.rows} rows, not ${rows}`);
    return { rows, loads, reference, wholeExport };
  } finally {
    await stack.stop();
  }
}

/** A portal of its own per size (the embedded database is one process's), filled before it starts. */
export async function measureLedger(
  root: string,
  backend: Backend,
  sizes: readonly number[] = ledgerSizes(),
): Promise<LedgerResult> {
  const runs: LedgerRun[] = [];
  const largest = Math.max(...sizes);
  for (const rows of sizes) runs.push(await measureSize(root, backend, rows, rows === largest));
  return { backend: backend.name, runs };
}

/** One line of `npm run bench` per call, p99 at every size; the budget must hold at each. */
export function ledgerFigures(result: LedgerResult) {
  const largest = result.runs.at(-1);
  if (!largest) return [];
  const figures = largest.loads.map((figures) => {
    const atEachSize = result.runs.flatMap((run) => run.loads.filter((other) => other.name === figures.name));
    const growth = p99BySize(
      result.runs.map((run) => ({ size: run.rows, loads: run.loads })),
      figures.name,
    );
    return {
      name: `${figures.name} p99, ${largest.rows.toLocaleString('en')} rows`,
      column: result.backend,
      value: `${figures.p99LatencyMs} ms (${Math.round(figures.requestsPerSecond)} req/s; /api/me ${largest.reference.p99LatencyMs} ms${result.runs.length > 1 ? `; p99 by rows ${growth}` : ''})`,
      budget: figures.budgeted
        ? `≤ ${P99_BUDGET_MS} ms at every size, ${LOAD_CONNECTIONS} connections, no errors`
        : 'recorded (nothing shared), no errors',
      // A load nothing answered has no p99: autocannon reports 0 ms for it.
      pass: atEachSize.every(
        (load) =>
          load.requestsPerSecond > 0 &&
          (!load.budgeted || load.p99LatencyMs <= P99_BUDGET_MS) &&
          load.non2xx === 0 &&
          load.errors === 0,
      ),
    };
  });
  const whole = largest.wholeExport;
  if (!whole) return figures;
  return [
    ...figures,
    {
      name: `GET /api/credit-ledger/export, all ${largest.rows.toLocaleString('en')} rows, one client`,
      column: result.backend,
      value: `${whole.seconds} s, ${whole.megabytes} MB (${Math.round(whole.rows / whole.seconds)} rows/s)`,
      budget: 'reported, no budget',
      pass: true,
    },
  ];
}
