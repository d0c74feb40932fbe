import { afterEach, describe, expect, it, vi } from 'vitest';

const { get } = vi.hoisted(() => ({
  get: vi.fn(async (_path: string, _options?: unknown) => ({ member: [], totalItems: 0 })),
}));
vi.mock('../../../lib/http.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/http.ts')>();
  return { ...original, http: { ...original.http, get } };
});

const { queryClient } = await import('../../../lib/query-client.ts');
const { requestUrl } = await import('../../../lib/http.ts');
const { pageFirstReads } = await import('@benchside/contracts/page-reads');
const { startCardsPageReads } = await import('./cards-page.tsx');

describe("the cards page's first reads, started as its chunk arrives", () => {
  afterEach(() => {
    get.mockClear();
    queryClient.clear();
  });

  it.each(['/cards', '/cards/'])("%s: the overview's four lists, each at its first page", (pathname) => {
    startCardsPageReads(pathname);
    expect(get.mock.calls).toEqual([
      ['/cards', { query: { itemsPerPage: 100 } }],
      ['/user-credit-subscriptions', { query: { page: 1, itemsPerPage: 10 } }],
      ['/user-crd-logs', { query: { page: 1, itemsPerPage: 10 } }],
      ['/card-assigned-logs', { query: { page: 1, itemsPerPage: 10 } }],
    ]);
  });

  it('are the reads the portal preloads with the page’s HTML, URL for URL, so none goes unused', () => {
    startCardsPageReads('/cards');
    const urls = get.mock.calls.map(([path, options]) =>
      requestUrl('/api', path, (options as { query?: Record<string, number> } | undefined)?.query),
    );
    expect(urls).toEqual(pageFirstReads('/cards'));
  });

  it.each(['/cards/credits', '/cards/add', '/cards/0b6f'])(
    '%s: nothing, its page asks for its own',
    (pathname) => {
      startCardsPageReads(pathname);
      expect(get).not.toHaveBeenCalled();
    },
  );

  it('a read started ahead is the one the page then uses, not asked for again', async () => {
    startCardsPageReads('/cards');
    await queryClient.fetchQuery((await import('../api/cards.ts')).cardsQueryOptions());
    expect(get.mock.calls.filter(([path]) => path === '/cards')).toHaveLength(1);
  });
});
