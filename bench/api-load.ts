import autocannon from 'autocannon';

/** How the API benchmarks load a call: this many connections at once, for ten seconds. */
export const LOAD_CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 2;

export type LoadFigures = { requestsPerSecond: number; p99LatencyMs: number; non2xx: number; errors: number };

/**
 * One call, as the session of `cookie` when given, or with each connection signed in as the next of
 * `sessions` (one user per connection, as many clients would be); a `body` is sent as JSON.
 */
export type LoadRequest = {
  url: string;
  cookie?: string;
  sessions?: string[];
  method?: 'GET' | 'POST';
  body?: string;
};

async function run(request: LoadRequest, seconds: number, connections: number): Promise<LoadFigures> {
  const { sessions = [] } = request;
  let connected = 0;
  const result = await autocannon({
    url: request.url,
    method: request.method ?? 'GET',
    connections,
    duration: seconds,
    headers: {
      ...(request.cookie ? { cookie: request.cookie } : {}),
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body ? { body: request.body } : {}),
    ...(sessions.length > 0
      ? {
          setupClient: (client: autocannon.Client) => {
            client.setHeaders({ cookie: sessions[connected++ % sessions.length] });
          },
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99LatencyMs: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A short run whose figures are dropped: the first requests pay for cold caches and connections. */
export async function warmUp(request: LoadRequest, connections = LOAD_CONNECTIONS): Promise<void> {
  await run(request, WARM_UP_SECONDS, connections);
}

/** The figures of a full run. */
export function measureLoad(request: LoadRequest, connections = LOAD_CONNECTIONS): Promise<LoadFigures> {
  return run(request, DURATION_SECONDS, connections);
}
