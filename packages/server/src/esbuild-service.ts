import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 10;

/** This process's direct children (of every thread), from /proc; none where there is no /proc. */
async function childPids(): Promise<number[]> {
  try {
    const threads = await readdir('/proc/self/task');
    const lists = await Promise.all(
      threads.map((thread) => readFile(`/proc/self/task/${thread}/children`, 'utf8').catch(() => '')),
    );
    return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** By the program's name, which a zombie still has (its command line is gone). */
async function isEsbuildService(pid: number): Promise<boolean> {
  const name = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
  return name.trim() === 'esbuild';
}

/**
 * tsx, which runs the TypeScript of the servers and of the helper under `npm start`, transforms
 * modules in an esbuild service, a child process. Ctrl-C reaches it too; if this process exits
 * before Node has reaped it (the helper stops within milliseconds), or while it still runs (it
 * ends once its input closes), it is left to init and stays in the process group for a moment as
 * a zombie, and a supervisor waiting for the group to empty (a terminal, CI's smoke test) sees a
 * process outlive the portal. This ends it and waits until Node has reaped it. Processes the code
 * started itself are left to their owners; where there is no /proc or no service (the packaged
 * helper) it does nothing.
 */
export async function stopEsbuildService(timeoutMs = 2000): Promise<void> {
  const children = await childPids();
  const services = (
    await Promise.all(children.map(async (pid) => ((await isEsbuildService(pid)) ? pid : null)))
  ).filter((pid) => pid !== null);
  for (const pid of services) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  const deadline = Date.now() + timeoutMs;
  // A child stays listed until Node has reaped it.
  while (Date.now() < deadline) {
    const left = await childPids();
    if (!services.some((pid) => left.includes(pid))) return;
    await sleep(POLL_MS);
  }
}
