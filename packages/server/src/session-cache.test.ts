import { EVERY_SESSION } from '@benchside/db/session-change-notices';
import { describe, expect, it } from 'vitest';
import { LookedUpSessions } from './session-cache.ts';

describe('LookedUpSessions', () => {
  it('keeps a session until the notice of its change, and forgets every one on `*`', () => {
    const sessions = new LookedUpSessions<string>(10);
    sessions.keep('a', 'alice', sessions.notices);
    sessions.keep('b', 'bob', sessions.notices);
    sessions.forget('a');
    expect(sessions.get('a')).toBeUndefined();
    expect(sessions.get('b')).toBe('bob');
    sessions.forget(EVERY_SESSION);
    expect(sessions.get('b')).toBeUndefined();
  });

  it('does not keep a read during which any session changed: it may be older than the change', () => {
    const sessions = new LookedUpSessions<string>(10);
    const before = sessions.notices;
    sessions.forget('someone else');
    sessions.keep('a', 'alice as read before', before);
    expect(sessions.get('a')).toBeUndefined();
    sessions.keep('a', 'alice', sessions.notices);
    expect(sessions.get('a')).toBe('alice');
  });

  it('keeps at most its capacity, letting the longest kept go first', () => {
    const sessions = new LookedUpSessions<number>(3);
    for (const [index, hash] of ['a', 'b', 'c', 'd'].entries()) sessions.keep(hash, index, sessions.notices);
    expect(['a', 'b', 'c', 'd'].map((hash) => sessions.get(hash))).toEqual([undefined, 1, 2, 3]);
    sessions.keep('b', 10, sessions.notices);
    expect(['b', 'c', 'd'].map((hash) => sessions.get(hash))).toEqual([10, 2, 3]);
  });
});
