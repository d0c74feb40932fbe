import { describe, expect, it } from 'vitest';
import { batchedLookup, sharedReads } from './batched-lookup.ts';

function recordingLookup(answer: (keys: string[]) => Map<string, string> | Error) {
  const calls: string[][] = [];
  const lookup = batchedLookup(async (keys: string[]) => {
    calls.push(keys);
    const result = answer(keys);
    if (result instanceof Error) throw result;
    return result;
  });
  return { lookup, calls };
}

describe('batchedLookup', () => {
  it('answers every caller of one turn from one fetch of the distinct keys', async () => {
    const { lookup, calls } = recordingLookup((keys) => new Map(keys.map((key) => [key, key.toUpperCase()])));
    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('a')]);
    expect(answers).toEqual(['A', 'B', 'A']);
    expect(calls).toEqual([['a', 'b']]);
  });

  it('answers undefined for a key the fetch did not find', async () => {
    const { lookup } = recordingLookup(() => new Map([['known', 'yes']]));
    expect(await Promise.all([lookup('known'), lookup('unknown')])).toEqual(['yes', undefined]);
  });

  it('starts a new fetch for a call made after the batch went out, never reusing its answer', async () => {
    let generation = 0;
    const { lookup, calls } = recordingLookup((keys) => {
      generation += 1;
      return new Map(keys.map((key) => [key, `${key}${generation}`]));
    });
    const first = lookup('a');
    await new Promise((resolve) => setImmediate(resolve));
    const second = lookup('a');
    expect(await Promise.all([first, second])).toEqual(['a1', 'a2']);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('rejects every caller of a batch whose fetch failed', async () => {
    const { lookup } = recordingLookup(() => new Error('database down'));
    const results = await Promise.allSettled([lookup('a'), lookup('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('sharedReads', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('runs one read per distinct key for all callers of one turn', async () => {
    const reads: string[] = [];
    const shared = sharedReads<string>();
    const read = (key: string) =>
      shared(key, async () => {
        reads.push(key);
        return `${key}!`;
      });
    expect(await Promise.all([read('a'), read('b'), read('a'), read('a')])).toEqual(['a!', 'b!', 'a!', 'a!']);
    expect(reads).toEqual(['a', 'b']);
  });

  it('starts the read only after the turn, so a caller late in the turn still gets a fresh answer', async () => {
    let value = 'old';
    const shared = sharedReads<string>();
    const first = shared('k', async () => value);
    value = 'new';
    const second = shared('k', async () => value);
    expect(await Promise.all([first, second])).toEqual(['new', 'new']);
  });

  it('reads again for a caller of a later turn', async () => {
    let reads = 0;
    const shared = sharedReads<number>();
    const first = shared('k', async () => ++reads);
    await nextTurn();
    const second = shared('k', async () => ++reads);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
  });

  it('rejects only the callers of the key whose read failed', async () => {
    const shared = sharedReads<string>();
    const read = (key: string) =>
      shared(key, async () => {
        if (key === 'bad') throw new Error('database down');
        return key;
      });
    const results = await Promise.allSettled([read('bad'), read('good'), read('bad')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
  });
});
