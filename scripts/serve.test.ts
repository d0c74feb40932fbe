import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, isListening, WaitAbandoned, waitUntil } from '../bench/processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const GRACE_MS = 8000;
const START_TIMEOUT_MS = 120_000;

interface Spawned {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** An npm script in its own process group, signalled as a group the way systemd stops a unit. */
function runScript(script: string, env: NodeJS.ProcessEnv): Spawned {
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

function signalGroup(spawned: Spawned, signal: NodeJS.Signals): void {
  if (spawned.child.pid === undefined || spawned.child.exitCode !== null) return;
  try {
    process.kill(-spawned.child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function openSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

/** Everything the socket receives, and whether the server has closed it. */
function record(socket: Socket): { text: () => string; closed: Promise<void> } {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk));
  return { text: () => text, closed: once(socket, 'close').then(() => {}) };
}

/** Waits for `url` to answer 200, or fails at once with the output if the script has exited. */
function untilReady(spawned: Spawned, url: string): Promise<void> {
  return waitUntil(
    async () => {
      if (spawned.child.exitCode !== null)
        throw new WaitAbandoned(`The script exited early:\n${spawned.output()}`);
      return (await fetch(url)).ok;
    },
    url,
    START_TIMEOUT_MS,
  );
}

describe('the production entry points', { timeout: START_TIMEOUT_MS + 60_000 }, () => {
  let scratch: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'benchside-serve-'));
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(await freePort()),
      SUPPORT_PORT: String(await freePort()),
      DATA_DIR: join(scratch, 'data'),
      BENCHSIDE_DEMO: '1',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    };
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('npm run migrate applies the migrations and exits 0; run again, it applies none', async () => {
    const first = runScript('migrate', env);
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/Migration 0001-users-and-sessions applied/);
    const second = runScript('migrate', env);
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toMatch(/Migration .* applied/);
  });

  it('npm run serve:api drains on SIGTERM: refuses new connections, finishes the request under way, exits 0 within the grace', async () => {
    // Ports are taken just before the server starts: the other test files running meanwhile open
    // and close sockets all the time, and one of them may have taken a port found free seconds ago.
    const port = await freePort();
    const api = runScript('serve:api', { ...env, PORT: String(port) });
    try {
      await untilReady(api, `http://127.0.0.1:${port}/api/ready`);
      // No demo seed: serve:api starts the API alone, from the environment.
      expect(api.output()).not.toContain('demo account created');

      // A keep-alive connection that has had its answer and sits idle.
      const idle = await openSocket(port);
      const idleTraffic = record(idle);
      idle.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await waitUntil(
        async () => idleTraffic.text().includes('\r\n\r\n'),
        'the idle connection’s answer',
        10_000,
      );

      // A slow client: its sign-in is under way (the server's 100 Continue says the request has
      // reached the handler) and ends only when the client sends the body it holds back.
      const body = JSON.stringify({ username: 'nobody', password: 'Nobody#Bench2026' });
      const slow = await openSocket(port);
      const slowTraffic = record(slow);
      slow.write(
        `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await waitUntil(async () => slowTraffic.text().includes('100 Continue'), 'the 100 Continue', 10_000);

      const signalled = performance.now();
      signalGroup(api, 'SIGTERM');
      await waitUntil(async () => !(await isListening(port)), 'new connections to be refused', 5000);
      await idleTraffic.closed;

      slow.write(body);
      await slowTraffic.closed;
      const answer = slowTraffic.text().split('100 Continue\r\n\r\n')[1] ?? '';
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(answer).toContain('"message":"The login detail is incorrect"');

      expect(await api.exited).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(GRACE_MS);
      expect(api.output()).toContain('SIGTERM received, draining');
    } finally {
      signalGroup(api, 'SIGKILL');
    }
  });

  it('npm run serve:api serves the API docs with swagger-ui’s own page, stylesheet and logo from its bundle', async () => {
    const port = await freePort();
    const api = runScript('serve:api', { ...env, PORT: String(port) });
    try {
      await untilReady(api, `http://127.0.0.1:${port}/api/ready`);
      // swagger-ui is bundled (decision 167): it reads these beside its own modules in node_modules.
      const docs = await fetch(`http://127.0.0.1:${port}/api/docs/`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('<div id="swagger-ui"></div>');
      for (const [file, type] of [
        ['swagger-ui.css', /^text\/css/],
        ['swagger-ui-bundle.js', /javascript/],
        ['logo.svg', /^image\/svg\+xml/],
      ] as const) {
        const response = await fetch(`http://127.0.0.1:${port}/api/docs/static/${file}`);
        expect(response.status, file).toBe(200);
        expect(response.headers.get('content-type'), file).toMatch(type);
      }
      // Stopped, and its embedded database closed, before the next test opens it.
      signalGroup(api, 'SIGTERM');
      expect(await api.exited).toBe(0);
    } finally {
      signalGroup(api, 'SIGKILL');
    }
  });

  it('npm run serve:support serves /ready and /metrics to this host and stops on SIGTERM', async () => {
    const apiPort = await freePort();
    const supportPort = await freePort();
    const supportUrl = `http://127.0.0.1:${supportPort}`;
    const support = runScript('serve:support', {
      ...env,
      PORT: String(apiPort),
      SUPPORT_PORT: String(supportPort),
    });
    try {
      await untilReady(support, `${supportUrl}/ready`);
      const metrics = await fetch(`${supportUrl}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('benchside_http_requests_total{method="GET",route="/ready"');
      // Only the support service: the API is not started by it.
      expect(await isListening(apiPort)).toBe(false);
      signalGroup(support, 'SIGTERM');
      expect(await support.exited).toBe(0);
    } finally {
      signalGroup(support, 'SIGKILL');
    }
  });
});
