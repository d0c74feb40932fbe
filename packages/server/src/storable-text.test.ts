import { describe, expect, it } from 'vitest';
import { findUnstorableText, LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from './storable-text.ts';

describe('findUnstorableText', () => {
  it('accepts ordinary text, emoji (a surrogate pair) and non-string values', () => {
    expect(
      findUnstorableText({ name: 'Zoë 😀', tags: ['a', 'b'], count: 3, on: true, none: null }),
    ).toBeUndefined();
    expect(findUnstorableText(undefined)).toBeUndefined();
  });

  it('finds a NUL or a lone surrogate anywhere in a string', () => {
    for (const text of ['\u0000a', 'a\u0000b', 'a\u0000']) {
      expect(findUnstorableText(text)).toEqual({ pointer: '', message: NUL_MESSAGE });
    }
    for (const text of ['\uD83Da', 'a\uDE00', '\uDE00\uD83D']) {
      expect(findUnstorableText(text)).toEqual({ pointer: '', message: LONE_SURROGATE_MESSAGE });
    }
  });

  it('points at the first offending value or key in document order, keys escaped as in JSON pointers', () => {
    const body = { ok: 'x', items: [{ name: 'fine' }, { name: 'bad\u0000' }], later: '\u0000' };
    expect(findUnstorableText(body)?.pointer).toBe('/items/1/name');
    expect(findUnstorableText({ 'a/b~c\u0000': 1 })?.pointer).toBe('/a~1b~0c\u0000');
  });

  // Far deeper than a recursive walk survives (about 10,000 frames).
  it('walks a deeply nested body without overflowing the stack', () => {
    let nested: unknown = 'deep\u0000';
    for (let depth = 0; depth < 50_000; depth += 1) nested = [nested];
    expect(findUnstorableText(nested)?.message).toBe(NUL_MESSAGE);
  });
});
