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
