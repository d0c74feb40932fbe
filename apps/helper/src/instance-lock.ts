import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const LOCK_FILE_NAME = 'helper.lock';

/** Another live helper holds the config folder: start-up stops with this one line. */
export class InstanceLockedError extends Error {}

const claimSchema = z.object({
  pid: z.number().int().positive(),
  /** The kernel's start time of that process (Linux), so a recycled process id is not mistaken for it. */
  started: z.string().optional(),
});
type Claim = z.infer<typeof claimSchema>;

// Each round either takes the lock or removes one stale lock; only racing starters make it loop.
const MAX_ATTEMPTS = 10;

/** Proof that this process is the one helper using its config folder; gone when the process is. */
export class InstanceLock {
  readonly #file: string;
  readonly #text: string;

  constructor(file: string, text: string) {
    this.#file = file;
    this.#text = text;
  }

  /** Synchronous, for `process.on('exit')`; leaves a lock that is no longer ours alone. */
  releaseSync(): void {
    try {
      if (readFileSync(this.#file, 'utf8') === this.#text) unlinkSync(this.#file);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

/**
 * Takes `helper.lock` in the config folder, or refuses when a live helper holds it. A lock left by
 * a killed helper names a dead process and is taken over. The lock appears with its content in one
 * step (a hard link of a finished file), so nobody ever reads a half-written one; a stale lock is
 * renamed away and deleted only if it is still the very file judged stale, so of two helpers
 * starting together over it, one takes it and the other sees a live holder.
 */
export async function acquireInstanceLock(configDir: string): Promise<InstanceLock> {
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  const file = join(configDir, LOCK_FILE_NAME);
  const started = processStart(process.pid);
  const text = `${JSON.stringify({ pid: process.pid, ...(started === undefined ? {} : { started }) })}\n`;
  const claim = join(configDir, `.${LOCK_FILE_NAME}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const handle = await open(claim, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        await link(claim, file);
        return new InstanceLock(file, text);
      } catch (error) {
        if (codeOf(error) !== 'EEXIST') throw error;
      }
      const holder = await readHolder(file);
      if (holder === undefined) continue;
      if (holder.claim !== undefined && isLiveOtherProcess(holder.claim)) {
        throw new InstanceLockedError(
          `another helper (process ${holder.claim.pid}) already uses the config folder ${configDir}; stop it first`,
        );
      }
      await removeIfUnchanged(file, holder);
    }
    throw new Error(`Cannot take ${file}: other helpers keep replacing it`);
  } finally {
    await rm(claim, { force: true });
  }
}

type Holder = { text: string; inode: number; claim: Claim | undefined };

async function readHolder(file: string): Promise<Holder | undefined> {
  // One handle for both, so the content and the inode are those of the same file.
  const handle = await open(file, 'r').catch((error: unknown) => {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  });
  if (handle === undefined) return undefined;
  try {
    const [text, found] = await Promise.all([handle.readFile('utf8'), handle.stat()]);
    return { text, inode: found.ino, claim: parseClaim(text) };
  } finally {
    await handle.close();
  }
}

/** A garbled lock names no live holder: it is stale. */
function parseClaim(text: string): Claim | undefined {
  try {
    const parsed = claimSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Deletes the stale lock unless another starter replaced it since it was read: rename is atomic,
 * so what was moved aside is checked, and a fresh lock moved by mistake is put back.
 */
async function removeIfUnchanged(file: string, stale: Holder): Promise<void> {
  const aside = `${file}.stale-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  try {
    const moved = await readHolder(aside);
    if (moved !== undefined && (moved.inode !== stale.inode || moved.text !== stale.text)) {
      await link(aside, file).catch((error: unknown) => {
        if (codeOf(error) !== 'EEXIST') throw error;
      });
    }
  } finally {
    await rm(aside, { force: true });
  }
}

function isLiveOtherProcess(claim: Claim): boolean {
  // In a container the helper may get the same process id on every start: that one is us, not a rival.
  if (claim.pid === process.pid) return false;
  try {
    process.kill(claim.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if (codeOf(error) !== 'EPERM') return false;
  }
  const started = processStart(claim.pid);
  return claim.started === undefined || started === undefined || started === claim.started;
}

/** Field 22 of /proc/<pid>/stat, the start time in clock ticks since boot; undefined off Linux. */
function processStart(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}
