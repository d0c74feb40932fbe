import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stopEsbuildService } from './esbuild-service.ts';

const require = createRequire(import.meta.url);
// The platform's own binary, as tsx's esbuild runs it (its `esbuild` command may be a Node shim).
const esbuildBinary = join(
  dirname(require.resolve(`@esbuild/${process.platform}-${process.arch}/package.json`)),
  'bin',
  'esbuild',
);
const { version } = require('esbuild/package.json') as { version: string };

function childPids(): number[] {
  return readdirSync('/proc/self/task').flatMap((thread) =>
    readFileSync(`/proc/self/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}

const started: ChildProcess[] = [];
function start(command: string, args: string[]): ChildProcess {
  // As tsx's esbuild starts it: its input a pipe it reads until this process ends.
  const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'ignore'] });
  started.push(child);
  return child;
}

describe.runIf(process.platform === 'linux')('stopping tsx’s esbuild service', () => {
  afterEach(() => {
    for (const child of started.splice(0)) child.kill('SIGKILL');
  });

  it('ends the esbuild service and waits until it is reaped, leaving other children alone', async () => {
    const service = start(esbuildBinary, [`--service=${version}`, '--ping']);
    const other = start('sleep', ['30']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(childPids()).toContain(service.pid);

    await stopEsbuildService();

    expect(service.signalCode).toBe('SIGTERM');
    expect(childPids()).not.toContain(service.pid);
    expect(childPids()).toContain(other.pid);
    expect(other.exitCode).toBeNull();
  });

  it('waits for a service that already died to be reaped', async () => {
    const service = start(esbuildBinary, [`--service=${version}`, '--ping']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Killed as Ctrl-C kills it, and stopped at once, before this process's loop has reaped it.
    process.kill(service.pid ?? 0, 'SIGKILL');
    await stopEsbuildService();
    expect(childPids()).not.toContain(service.pid);
  });

  it('does nothing without a service', async () => {
    const other = start('sleep', ['30']);
    await stopEsbuildService();
    expect(childPids()).toContain(other.pid);
  });
});
