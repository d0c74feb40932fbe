import { searchResultsSchema } from '@benchside/contracts/catalogue';
import autocannon from 'autocannon';
import { signInAsDemo, startStack } from './stack.ts';

/** The catalogue's listing and its search on the demo catalogue, 50 connections. */
const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 2;
const P99_BUDGET_MS = 20;
/** A word of tool, firmware and file names and of an article title in the demo data. */
const SEARCH_QUERY = 'flash';

export type CatalogueLoad = {
  name: string;
  requestsPerSecond: number;
  p99LatencyMs: number;
  non2xx: number;
  errors: number;
};
export type CatalogueResult = {
  /** Hits of the measured search, by kind: proof it searched both sources. */
  searchHits: Record<string, number>;
  loads: CatalogueLoad[];
  /** `GET /api/me` on the same stack: what the machine gives a one-query signed-in call right now. */
  reference: CatalogueLoad;
};

type Request = { name: string; url: string; method?: 'GET' | 'POST'; body?: string };

async function load(request: Request, cookie: string, seconds: number): Promise<CatalogueLoad> {
  const result = await autocannon({
    url: request.url,
    method: request.method ?? 'GET',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, ...(request.body ? { 'content-type': 'application/json' } : {}) },
    ...(request.body ? { body: request.body } : {}),
  });
  return {
    name: request.name,
    requestsPerSecond: result.requests.average,
    p99LatencyMs: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * A portal of its own on the demo seed, with the support pages on so that the search covers the
 * knowledge base's titles too: the files root listing, a name search, and the full-text search.
 */
export async function measureCatalogue(root: string): Promise<CatalogueResult> {
  const stack = await startStack(root, { env: { SUPPORT_ENABLED: 'true' } });
  try {
    const cookie = await signInAsDemo(stack.baseUrl);
    const search: Request = {
      name: 'POST /api/forum/post-search',
      url: `${stack.baseUrl}/api/forum/post-search`,
      method: 'POST',
      body: JSON.stringify({ query: SEARCH_QUERY, page: 1, itemsPerPage: 30 }),
    };
    const probe = await fetch(search.url, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: search.body ?? '',
    });
    if (!probe.ok) throw new Error(`post-search answered ${probe.status}: ${await probe.text()}`);
    const searchHits: Record<string, number> = {};
    for (const hit of searchResultsSchema.parse(await probe.json()).member) {
      searchHits[hit.kind] = (searchHits[hit.kind] ?? 0) + 1;
    }
    if (!searchHits.article)
      throw new Error(`"${SEARCH_QUERY}" found no article: the search is not measured whole`);

    const requests: Request[] = [
      { name: 'GET /api/files', url: `${stack.baseUrl}/api/files?page=1&itemsPerPage=30` },
      {
        name: 'GET /api/files?file=',
        url: `${stack.baseUrl}/api/files?file=${SEARCH_QUERY}&page=1&itemsPerPage=30`,
      },
      search,
    ];
    const loads: CatalogueLoad[] = [];
    for (const request of requests) {
      await load(request, cookie, WARM_UP_SECONDS);
      loads.push(await load(request, cookie, DURATION_SECONDS));
    }
    const reference = await load(
      { name: 'GET /api/me', url: `${stack.baseUrl}/api/me` },
      cookie,
      DURATION_SECONDS,
    );
    return { searchHits, loads, reference };
  } finally {
    await stack.stop();
  }
}

/** One line of `npm run bench` per call. */
export function catalogueFigures(result: CatalogueResult) {
  return result.loads.map((figures) => ({
    name: `${figures.name} p99, demo catalogue`,
    value: `${figures.p99LatencyMs} ms (${Math.round(figures.requestsPerSecond)} req/s; /api/me ${result.reference.p99LatencyMs} ms)`,
    budget: `≤ ${P99_BUDGET_MS} ms at ${CONNECTIONS} connections, no errors`,
    pass: figures.p99LatencyMs <= P99_BUDGET_MS && figures.non2xx === 0 && figures.errors === 0,
  }));
}
