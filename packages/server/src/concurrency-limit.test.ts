import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.ts';
import { type HttpError, ServerBusyError } from './errors.ts';

/** A task that runs until the test lets it finish. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('createConcurrencyLimit', () => {
  it('runs 2 at once, queues 3, refuses the 6th with a 503 and Retry-After, and completes the rest', async () => {
    const limit = createConcurrencyLimit({ concurrency: 2, queue: 3, retryAfterSeconds: 4 });
    const gates = Array.from({ length: 6 }, gate);
    let running = 0;
    let mostAtOnce = 0;
    const results = gates.map((task, index) =>
      limit
        .run(async () => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await task.opened;
          running -= 1;
          return index;
        })
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(limit.stats()).toEqual({ running: 2, waiting: 3, started: 2, refused: 1 });

    const refused = await results[5];
    expect(refused).toEqual({ error: expect.any(ServerBusyError) });
    const error = (refused as { error: HttpError }).error;
    expect(error.statusCode).toBe(503);
    expect(error.code).toBe('BS_ERR_SERVER_BUSY');
    expect(error.headers).toEqual({ 'retry-after': '4' });

    for (const task of gates) task.open();
    expect(await Promise.all(results.slice(0, 5))).toEqual([0, 1, 2, 3, 4].map((value) => ({ value })));
    expect(mostAtOnce).toBe(2);
    expect(limit.stats()).toEqual({ running: 0, waiting: 0, started: 5, refused: 1 });
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createConcurrencyLimit({ concurrency: 1, queue: 0, retryAfterSeconds: 1 });
    await expect(limit.run(async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});
