import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Config } from '@benchside/server/config';
import type { Logger } from 'pino';

const STOP_GRACE_MS = 4000;

export interface HelperProcess {
  stop(): Promise<void>;
}

/**
 * Starts the local helper as a child process, its output prefixed with `[helper]`; null if not
 * present. `settings` are HELPER_* variables on top of this process's (the publishing key).
 */
export function startHelper(
  root: string,
  logger: Logger,
  config: Pick<Config, 'demo' | 'vendorCardMasterKey'>,
  settings: Record<string, string> = {},
): HelperProcess | null {
  const main = join(root, 'apps/helper/src/main.ts');
  if (!existsSync(main)) {
    logger.warn('apps/helper/src/main.ts does not exist yet: starting without the local helper');
    return null;
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    // The helper reads HELPER_* (and PORT/PUBLIC_URL for its default origins) itself; they were validated above.
    // The demo runs without card hardware: a simulated card made with the key the API checks it with.
    // Outside the demo the helper gets the caller's settings alone, so its readers default to PC/SC.
    env: config.demo
      ? {
          ...process.env,
          HELPER_READERS: process.env.HELPER_READERS || 'simulated',
          VENDOR_CARD_MASTER_KEY: config.vendorCardMasterKey,
          ...settings,
        }
      : { ...process.env, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [stream, output] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => output.write(`[helper] ${line}\n`));
  }
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping)
        logger.error(`The local helper exited (${signal ?? `code ${code}`}); the portal keeps running`);
      resolve();
    });
  });
  child.once('error', (error) => logger.error({ err: error }, 'The local helper could not be started'));

  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
