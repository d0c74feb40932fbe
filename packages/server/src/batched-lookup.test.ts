import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

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
