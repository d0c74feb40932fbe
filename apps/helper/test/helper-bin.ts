import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from './support.ts';

const BIN = fileURLToPath(new URL('../bin/benchside-helper.js', import.meta.url));

/** A helper started as its own process, the way a user's desktop starts it. */
export type StartedHelper = {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved. */
  output: () => string;
  /** The exit code; null when a signal ended it. */
  exit: Promise<number | null>;
};

/** Starts and cleans up helper processes and their config folders, one set per test file. */
export class HelperProcesses {
  readonly #children: ChildProcess[] = [];
  readonly #folders: string[] = [];

  /** A temporary folder removed by `cleanUp`. */
  async folder(prefix: string): Promise<string> {
    const folder = await makeTempDir(prefix);
    this.#folders.push(folder);
    return folder;
  }

  /** Runs bin/benchside-helper.js on a fresh HELPER_CONFIG_DIR unless `env` names one. */
  async start(env: Record<string, string>): Promise<StartedHelper> {
    const configDir = await this.folder('process');
    const child = spawn(process.execPath, [BIN], {
      env: { ...process.env, HELPER_CONFIG_DIR: configDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exit = once(child, 'exit').then(([code]) => code as number | null);
    return { child, output: () => output, exit };
  }

  async cleanUp(): Promise<void> {
    for (const child of this.#children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const folder of this.#folders.splice(0)) await rm(folder, { recursive: true, force: true });
  }
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once the helper printed its listening line; starting Node and tsx takes long on a busy machine. */
export function listening(started: StartedHelper, timeoutMs = 60_000): Promise<void> {
  return waitFor(() => started.output().includes('helper listening on'), 'the listening line', timeoutMs);
}
