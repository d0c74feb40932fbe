import { type RawBuilder, sql } from 'kysely';

/**
 * A page's LIMIT and OFFSET as literals in the SQL text. As parameters, the planner prices a page
 * of unknown size, never settles on the statement's generic plan, and plans it anew on every run:
 * that planning was most of the cost of a first page (a list read twice as fast without it). Both
 * come from validated integers (`pagingQuerySchema`), so nothing can be injected. Each page size and
 * depth asked for is a statement of its own; the PGlite dialect keeps a bounded number of them.
 */
export function pageWindow(
  page: number,
  itemsPerPage: number,
): { limit: RawBuilder<number>; offset: RawBuilder<number> } {
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(itemsPerPage) || itemsPerPage < 1)
    throw new RangeError(`Not a page: ${page} of ${itemsPerPage}`);
  return { limit: sql.lit(itemsPerPage), offset: sql.lit((page - 1) * itemsPerPage) };
}

/**
 * The page as read from whichever end of a list of `total` rows is nearer. A page past the middle
 * is read in the opposite order (`fromEnd`) with a short OFFSET and reversed by the caller: the
 * last page of 100,000 rows then skips 20 index entries instead of 99,980. The total must come
 * from a counter read just before; a row written between the two reads shifts the page by one, as
 * it would shift any numbered page.
 */
export function nearerEndWindow(
  page: number,
  itemsPerPage: number,
  total: number,
): { fromEnd: boolean; limit: RawBuilder<number>; offset: RawBuilder<number> } {
  const window = pageWindow(page, itemsPerPage);
  const skipped = (page - 1) * itemsPerPage;
  const remaining = total - skipped;
  const skippedFromEnd = remaining - itemsPerPage;
  if (remaining <= 0 || skippedFromEnd >= skipped) return { fromEnd: false, ...window };
  return {
    fromEnd: true,
    limit: sql.lit(Math.min(itemsPerPage, remaining)),
    offset: sql.lit(Math.max(0, skippedFromEnd)),
  };
}

type PageWindow = ReturnType<typeof pageWindow>;

/**
 * A page of a list whose total is a counter row, with that row. The first page is the newest rows
 * whatever the total, so it is read beside the counter (on PostgreSQL a round trip less for the
 * page every visit opens); any other page once the total is known, from the nearer end
 * (`nearerEndWindow`). `read` is told whether it reads from the oldest end, and returns the rows
 * newest first either way.
 */
export async function readCountedPage<Counter, Row>(
  readCounter: () => Promise<Counter>,
  totalOf: (counter: Counter) => number,
  paging: { page: number; itemsPerPage: number },
  read: (window: PageWindow, fromEnd: boolean) => Promise<Row[]>,
): Promise<{ counter: Counter; rows: Row[]; totalItems: number }> {
  if (paging.page === 1) {
    const [counter, rows] = await Promise.all([
      readCounter(),
      read(pageWindow(1, paging.itemsPerPage), false),
    ]);
    return { counter, rows, totalItems: totalOf(counter) };
  }
  const counter = await readCounter();
  const totalItems = totalOf(counter);
  const { fromEnd, ...window } = nearerEndWindow(paging.page, paging.itemsPerPage, totalItems);
  return { counter, rows: await read(window, fromEnd), totalItems };
}
