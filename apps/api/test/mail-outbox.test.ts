import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, postJson, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PASSWORD = 'Ada#Bench2026';

/** An SMTP server that accepts connections and never says a word, as a stuck mail host does. */
async function startStallingSmtp(): Promise<{ port: number; connections: Socket[]; close(): Promise<void> }> {
  const connections: Socket[] = [];
  const server: Server = createServer((socket) => {
    connections.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** How long a request takes, cut off after 3 s so a frozen server fails the test instead of hanging it. */
async function timed(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

describe('with a mail server that accepts connections and never answers', () => {
  let smtp: Awaited<ReturnType<typeof startStallingSmtp>>;
  let api: RunningApi;
  beforeAll(async () => {
    smtp = await startStallingSmtp();
    api = await startApi({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    await createUser(api.db, { username: 'ada', email: 'ada@example.test', password: PASSWORD });
  });
  afterAll(async () => {
    // Closing the stalled connections first lets the sender give up at once instead of timing out.
    await smtp.close();
    await api.close();
  });

  it('keeps /api/health and a signed-in /api/me answering within 100 ms during 10 registrations', async () => {
    const cookie = await signIn(api, 'ada', PASSWORD);
    // Warm: the probes below time the server, not the client's first connection.
    await timed(`${api.url}/api/health`);
    for (let index = 0; index < 10; index += 1) {
      const connectionsBefore = smtp.connections.length;
      let answered = false;
      const registration = postJson(`${api.url}/api/register`, {
        username: `stalled${index}`,
        email: `stalled${index}@example.test`,
        plainPassword: 'Reg#Bench2026',
        confirmPassword: 'Reg#Bench2026',
        acceptTerms: true,
      }).finally(() => {
        answered = true;
      });
      // Probed once the registration is done or its mail is talking to the stuck server, never
      // while its password is being hashed (that is CPU time, not waiting).
      await until(() => answered || smtp.connections.length > connectionsBefore, 30_000);
      for (const path of ['/api/health', '/api/me']) {
        const probe = await timed(`${api.url}${path}`, { headers: { cookie } });
        expect(probe.status, path).toBe(200);
        expect(probe.ms, path).toBeLessThan(100);
      }
      expect((await registration).status).toBe(201);
    }
    const queued = await api.db
      .selectFrom('mail_outbox')
      .select('status')
      .where('kind', '=', 'verifyEmail')
      .execute();
    expect(queued).toHaveLength(10);
    expect(queued.every((row) => row.status === 'pending')).toBe(true);
  }, 60_000);

  it('answers forgot-password the same, and about as fast, for a known and an unknown address', async () => {
    const forgot = (email: string) =>
      timed(`${api.url}/api/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const [email, times] of [
        ['ada@example.test', known],
        [`nobody${round}@example.test`, unknown],
      ] as const) {
        const answer = await forgot(email);
        expect(answer.status, email).toBe(200);
        times.push(answer.ms);
      }
      await api.db.deleteFrom('rate_limits').execute();
    }
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(200);
    const reset = await api.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('kind', '=', 'resetPassword')
      .execute();
    expect(reset).toHaveLength(5);
    expect(reset.every((row) => row.recipient === 'ada@example.test')).toBe(true);
  });
});
