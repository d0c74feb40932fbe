/**
 * The API reads a signed-in visitor's page makes before its first render, by the page's address
 * (decision 137). The portal names them in the page's HTML as fetch preloads, so the browser asks
 * for them while it is still loading the scripts; the web app's first reads of that page ask for
 * exactly these URLs (its tests hold it to them), or the preloads would go unused.
 */

/** What the web app asks first on every page when the signed-in hint is there (`getCurrentUser`). */
export const CURRENT_USER_READ = '/api/me';

/**
 * The pages whose own first reads are known ahead, by path without a trailing slash, as each asks
 * for them when opened without a query string.
 */
const PAGE_FIRST_READS: Readonly<Record<string, readonly string[]>> = {
  // The cards overview: its cards, the credits header's packs, recent activity and assignments.
  '/cards': [
    '/api/cards?itemsPerPage=100',
    '/api/user-credit-subscriptions?page=1&itemsPerPage=10',
    '/api/user-crd-logs?page=1&itemsPerPage=10',
    '/api/card-assigned-logs?page=1&itemsPerPage=10',
  ],
  // The credits ledger: its first page, the balance chart, and the cards and products to filter by.
  '/cards/credits': [
    '/api/credit-ledger?page=1&itemsPerPage=20',
    '/api/credit-ledger/balance-history',
    '/api/cards?itemsPerPage=100',
    '/api/products?itemsPerPage=100',
  ],
  '/notifications': ['/api/notification-to-users?page=1&itemsPerPage=10&order%5BcreatedAt%5D=desc'],
  '/firmwares': ['/api/model/brands'],
  '/tools': ['/api/softs'],
  '/files': ['/api/file/get-by-parent?page=1&itemsPerPage=20'],
  '/supported-models': ['/api/supported-models/brands', '/api/supported-models?page=1&itemsPerPage=20'],
  '/watch-list': ['/api/watches?page=1&itemsPerPage=20'],
  '/customers': ['/api/customers?page=1&itemsPerPage=20&search='],
  '/conversations': ['/api/conversations?page=1&itemsPerPage=20'],
  // The helper panel: the latest installer's version, to tell whether an update is available.
  '/helper': ['/api/helper/installer'],
};

/** The pages with first reads of their own, for the portal to prepare their HTML once. */
export const PAGES_WITH_FIRST_READS: readonly string[] = Object.keys(PAGE_FIRST_READS);

/** The page of PAGES_WITH_FIRST_READS an address shows (`/cards/` is `/cards`), if any. */
export function pageWithFirstReads(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(PAGE_FIRST_READS, path) ? path : undefined;
}

/** A page's own first reads (none for most pages). */
export function pageFirstReads(pathname: string): readonly string[] {
  const page = pageWithFirstReads(pathname);
  return page === undefined ? [] : (PAGE_FIRST_READS[page] ?? []);
}
