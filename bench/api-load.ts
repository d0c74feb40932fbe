import autocannon from 'autocannon';

/** How the API benchmarks load a call: this many connections at once, for ten seconds. */
export const LOAD_CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 2;

export type LoadFigures = { requestsPerSecond: number; p99LatencyMs: number; non2xx: number; errors: number };

/**
 * One call, as the session of `cookie` when given, or with each connection signed in as the next of
 * `sessions` (one user per connection, as many clients would be); a `body` is sent as JSON. With
 * `paths`, each connection asks again and again for the next of them instead of `url`'s path
 * (different pages at the same moment, which no two requests share).
 */
export type LoadRequest = {
  url: string;
  cookie?: string;
  sessions?: string[];
  paths?: string[];
  method?: 'GET' | 'POST';
  body?: string;
};

async function run(request: LoadRequest, seconds: number, connections: number): Promise<LoadFigures> {
  const { sessions = [], paths = [] } = request;
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
    ...(sessions.length > 0 || paths.length > 0
      ? {
          setupClient: (client: autocannon.Client) => {
            const index = connected++;
            if (sessions.length > 0) client.setHeaders({ cookie: sessions[index % sessions.length] });
            const path = paths[index % paths.length];
            if (path !== undefined) client.setRequest({ path });
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

/**
 * A streamed download under load: `connections` clients each ask again and again, and each answer
 * is timed until its first line after the header line has arrived (the first record of a CSV),
 * then dropped. What a person waits for before the file starts to fill, at 50 downloads at once.
 */
async function runFirstLine(
  request: LoadRequest,
  seconds: number,
  connections: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const endAt = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < endAt) {
      const started = performance.now();
      try {
        const response = await fetch(request.url, {
          headers: request.cookie ? { cookie: request.cookie } : {},
        });
        if (!response.ok || !response.body) {
          non2xx += 1;
          await response.body?.cancel();
          continue;
        }
        const reader = response.body.getReader();
        let newlines = 0;
        while (newlines < 2) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const byte of value) if (byte === 0x0a) newlines += 1;
        }
        latencies.push(performance.now() - started);
        await reader.cancel();
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)] ?? Number.NaN;
  return {
    requestsPerSecond: latencies.length / ((performance.now() - started) / 1000),
    p99LatencyMs: Math.round(p99),
    non2xx,
    errors,
  };
}

/** A short first-line run whose figures are dropped. */
export async function warmUpFirstLine(request: LoadRequest, connections = LOAD_CONNECTIONS): Promise<void> {
  await runFirstLine(request, WARM_UP_SECONDS, connections);
}

/** The figures of a full first-line run. */
export function measureFirstLine(request: LoadRequest, connections = LOAD_CONNECTIONS): Promise<LoadFigures> {
  return runFirstLine(request, DURATION_SECONDS, connections);
}

/** "1,000: 9 ms, 10,000: 11 ms": one call's p99 at each size a bench measured it at. */
export function p99BySize(
  runs: { size: number; loads: { name: string; p99LatencyMs: number }[] }[],
  name: string,
) {
  return runs
    .flatMap((run) => {
      const same = run.loads.find((load) => load.name === name);
      return same ? [`${run.size.toLocaleString('en')}: ${same.p99LatencyMs} ms`] : [];
    })
    .join(', ');
}
