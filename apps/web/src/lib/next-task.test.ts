import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task.ts';

describe('nextTask', () => {
  it('resolves after the tasks already queued and every pending promise, never within the current task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'));
    const waited = nextTask().then(() => order.push('after nextTask'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('current task');
    await waited;
    expect(order).toEqual(['current task', 'microtask', 'task queued before', 'after nextTask']);
  });
});
