import { spawn } from 'node:child_process';

/**
 * Starts a program that outlives the helper: its own process group, no shell (the arguments reach
 * it exactly as given), no inherited terminal. Resolves once the OS has started it, rejects with
 * the reason when it could not (missing file, no permission).
 */
export function spawnDetached(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...options,
      detached: true,
      shell: false,
      stdio: 'ignore',
      windowsHide: false,
    });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

export function describeSpawnError(error: unknown, command: string): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'ENOENT') return `${command} was not found`;
  if (code === 'EACCES') return `${command} may not be run (permission denied)`;
  return error instanceof Error ? error.message : String(error);
}
