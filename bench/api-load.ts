import autocannon from 'autocannon';

/** How the API benchmarks load a call: this many connections at once, for ten seconds. */
export const LOAD_CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 2;

export type LoadFigures = { requestsPerSecond: number; p99LatencyMs: number; non2xx: number; errors: number };

/** One call, as the session of `cookie` when given; a `body` is sent as JSON. */
export type LoadRequest = { url: string; cookie?: string; method?: 'GET' | 'POST'; body?: string };

async function run(request: LoadRequest, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: request.url,
    method: request.method ?? 'GET',
    connections: LOAD_CONNECTIONS,
    duration: seconds,
    headers: {
      ...(request.cookie ? { cookie: request.cookie } : {}),
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body ? { body: request.body } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99LatencyMs: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A short run whose figures are dropped: the first requests pay for cold caches and connections. */
export async function warmUp(request: LoadRequest): Promise<void> {
  await run(request, WARM_UP_SECONDS);
}

/** The figures of a full run. */
export function measureLoad(request: LoadRequest): Promise<LoadFigures> {
  return run(request, DURATION_SECONDS);
}
