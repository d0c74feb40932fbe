import { type LoadFigures, measureLoad, warmUp } from './api-load.ts';
import { startChild, waitUntil } from './processes.ts';

export type ThroughputResult = { api: LoadFigures; bare: LoadFigures; ratio: number; body: string };

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

    await warmUp({ url: bareUrl });
    await warmUp({ url: meUrl, cookie });
    const bareFigures = await measureLoad({ url: bareUrl });
    const apiFigures = await measureLoad({ url: meUrl, cookie });
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
