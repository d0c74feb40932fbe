import autocannon from 'autocannon';
import { startChild, waitUntil } from './processes.ts';

export type LoadFigures = { requestsPerSecond: number; p99LatencyMs: number; non2xx: number; errors: number };
export type ThroughputResult = { api: LoadFigures; bare: LoadFigures; ratio: number; body: string };

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 2;

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99LatencyMs: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * `GET /api/me` signed in (session checked against the database on every request) against a bare
 * Fastify route returning the same JSON, each in its own process, measured by the same client.
 */
export async function measureThroughput(
  root: string,
  baseUrl: string,
  cookie: string,
): Promise<ThroughputResult> {
  const meUrl = `${baseUrl}/api/me`;
  const me = await fetch(meUrl, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/me answered ${me.status} with the demo session`);
  const body = await me.text();

  const bare = startChild(
    process.execPath,
    ['--import', 'tsx', 'bench/bare-server.ts'],
    { ...process.env, BENCH_BODY: body },
    root,
  );
  try {
    let barePort = '';
    await waitUntil(
      async () => {
        barePort = /listening (\d+)/.exec(bare.output())?.[1] ?? '';
        return barePort !== '';
      },
      'the bare Fastify server',
      30_000,
    );
    const bareUrl = `http://127.0.0.1:${barePort}/api/me`;
    const bareBody = await (await fetch(bareUrl)).text();
    if (bareBody !== body) throw new Error('The bare route does not answer the same JSON as /api/me');

    await load(bareUrl, {}, WARM_UP_SECONDS);
    await load(meUrl, { cookie }, WARM_UP_SECONDS);
    const bareFigures = await load(bareUrl, {}, DURATION_SECONDS);
    const apiFigures = await load(meUrl, { cookie }, DURATION_SECONDS);
    return {
      api: apiFigures,
      bare: bareFigures,
      ratio: apiFigures.requestsPerSecond / bareFigures.requestsPerSecond,
      body,
    };
  } finally {
    await bare.stop();
  }
}
