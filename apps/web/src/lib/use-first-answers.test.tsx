import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstAnswers } from './use-first-answers.ts';

describe('useFirstAnswers', () => {
  it('waits for every query, then stays answered when one of them asks again', () => {
    const { result, rerender } = renderHook(
      (pending: boolean[]) => useFirstAnswers(pending.map((isPending) => ({ isPending }))),
      { initialProps: [true, false, true] },
    );
    expect(result.current).toBe(false);
    rerender([false, false, true]);
    expect(result.current).toBe(false);
    rerender([false, false, false]);
    expect(result.current).toBe(true);
    // A section paging to a page not loaded yet is that section's spinner, not the page's.
    rerender([false, true, false]);
    expect(result.current).toBe(true);
  });

  it('is answered at once when every query has its data already', () => {
    const { result } = renderHook(() => useFirstAnswers([{ isPending: false }, { isPending: false }]));
    expect(result.current).toBe(true);
  });
});
