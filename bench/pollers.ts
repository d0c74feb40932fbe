import type { Backend } from './backends.ts';
import { addTechnicians, POLL_SECONDS } from './capacity.ts';
import { openSeededDatabase, startStack } from './stack.ts';

/**
 * Issue 20: 500 signed-in technicians on one node, each polling as the web app does (spec §9: the
 * unread count every 30 s while the tab has focus), and each poll also reading the bell's list
 * (page 1, 5 items), for 60 s. Every answer must be a 200; p99 ≤ 50 ms.
 */
const CLIENTS = 500;
const SECONDS = 60;
const P99_BUDGET_MS = 50;
const POLL_PATHS = [
  '/api/notification/unread-count',
  '/api/notification-to-users?page=1&itemsPerPage=5&order%5BcreatedAt%5D=desc',
];

export type PollersResult = {
  backend: string;
  clients: number;
  seconds: number;
  requests: number;
  p99LatencyMs: number;
  maxLatencyMs: number;
  failures: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each client starts at a random moment of the first interval, as tabs opened over time would, then
 * polls every POLL_SECONDS until the run ends; a poll asks for the count and the list together.
 */
async function poll(baseUrl: string, sessions: string[]): Promise<Omit<PollersResult, 'backend'>> {
  const latencies: number[] = [];
  let failures = 0;
  const endAt = performance.now() + SECONDS * 1000;
  const ask = async (cookie: string, path: string) => {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    latencies.push(performance.now() - started);
  };
  const client = async (cookie: string) => {
    await sleep(Math.random() * POLL_SECONDS * 1000);
    while (performance.now() < endAt) {
      const due = performance.now() + POLL_SECONDS * 1000;
      await Promise.all(POLL_PATHS.map((path) => ask(cookie, path)));
      await sleep(Math.max(0, due - performance.now()));
    }
  };
  await Promise.all(sessions.map(client));
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)] ?? Number.NaN;
  return {
    clients: sessions.length,
    seconds: SECONDS,
    requests: latencies.length,
    p99LatencyMs: Math.round(p99),
    maxLatencyMs: Math.round(latencies.at(-1) ?? Number.NaN),
    failures,
  };
}

/** One portal as `npm start` runs it, given CLIENTS technicians with a session and an unread notification. */
export async function measurePollers(root: string, backend: Backend): Promise<PollersResult> {
  let sessions: string[] = [];
  const stack = await startStack(root, {
    backend,
    prepare: async (env) => {
      const database = await openSeededDatabase(env);
      try {
        sessions = await addTechnicians(database.db, CLIENTS);
      } finally {
        await database.close();
      }
    },
  });
  try {
    return { backend: backend.name, ...(await poll(stack.baseUrl, sessions)) };
  } finally {
    await stack.stop();
  }
}

export function pollersFigure(result: PollersResult) {
  return {
    name: `${result.clients} signed-in clients polling the unread count and the bell's list every ${POLL_SECONDS} s for ${result.seconds} s, one node`,
    column: result.backend,
    value: `p99 ${result.p99LatencyMs} ms, max ${result.maxLatencyMs} ms, ${result.requests} requests, ${result.failures} failures`,
    budget: `p99 ≤ ${P99_BUDGET_MS} ms, no failures`,
    pass: result.failures === 0 && result.p99LatencyMs <= P99_BUDGET_MS,
  };
}
