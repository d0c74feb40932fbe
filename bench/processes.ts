import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('The kernel gave no free port');
  return address.port;
}

export type Child = { process: ChildProcess; output: () => string; stop: () => Promise<void> };

/** Starts a command in its own process group, so stopping it reaches every process it started. */
export function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Child {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = once(child, 'exit');
  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  return {
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup('SIGINT');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Thrown by a `waitUntil` check when what it waits for can no longer happen (the process that was
 * to answer has exited): the wait ends at once with this error instead of running to its timeout.
 */
export class WaitAbandoned extends Error {
  override readonly name = 'WaitAbandoned';
}

/**
 * Asks `check` every `intervalMs` until it says yes; a check that throws (a refused fetch) says
 * not yet. A wait that is itself the figure asks more often, so the figure is late by little.
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
  intervalMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const done = await check().catch((error: unknown) => {
      if (error instanceof WaitAbandoned) throw error;
      return false;
    });
    if (done) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

/** Whether something accepts connections on 127.0.0.1:port now. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
