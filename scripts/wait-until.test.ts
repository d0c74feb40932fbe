import { describe, expect, it } from 'vitest';
import { WaitAbandoned, waitUntil } from '../bench/processes.ts';

describe('waitUntil', () => {
  it('asks again after a check that throws, such as a refused connection, until it says yes', async () => {
    let asked = 0;
    await waitUntil(
      async () => {
        asked++;
        if (asked < 3) throw new Error('connect ECONNREFUSED');
        return true;
      },
      'the third answer',
      5_000,
    );
    expect(asked).toBe(3);
  });

  it('ends at once with the check’s WaitAbandoned, not at its timeout, when what it waits for can no longer come', async () => {
    const started = Date.now();
    const waiting = waitUntil(
      async () => {
        throw new WaitAbandoned('serve:api exited early: a port is already in use');
      },
      'a server that exited',
      60_000,
    );
    await expect(waiting).rejects.toThrow('serve:api exited early: a port is already in use');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
