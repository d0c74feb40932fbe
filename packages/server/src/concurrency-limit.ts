import { ServerBusyError } from './errors.ts';

export interface ConcurrencyLimitOptions {
  /** Tasks that run at once. */
  concurrency: number;
  /** Tasks that may wait for a free slot; past that, a call fails at once. */
  queue: number;
  /** The Retry-After of the 503 a refused call gets. */
  retryAfterSeconds: number;
}

export interface ConcurrencyLimitStats {
  running: number;
  waiting: number;
  /** Tasks started since the process began. */
  started: number;
  /** Calls refused because the queue was full. */
  refused: number;
}

export interface ConcurrencyLimit {
  /** Runs the task when a slot is free (first come, first served); throws ServerBusyError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  stats(): ConcurrencyLimitStats;
}

/**
 * Bounds work that holds a scarce resource (a thread of libuv's pool, a lot of memory) per process.
 * Failing fast past a short queue keeps the wait of an accepted call short and leaves the rest of
 * the server its resources, where an unbounded queue would grow with the attack.
 */
export function createConcurrencyLimit(options: ConcurrencyLimitOptions): ConcurrencyLimit {
  let running = 0;
  let started = 0;
  let refused = 0;
  const waiting: (() => void)[] = [];

  // A finishing task hands its slot straight to the next waiter, so `running` stays the same.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(task) {
      if (running < options.concurrency) running += 1;
      else if (waiting.length < options.queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else {
        refused += 1;
        throw new ServerBusyError(options.retryAfterSeconds);
      }
      started += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length, started, refused }),
  };
}
