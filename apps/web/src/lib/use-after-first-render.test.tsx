import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAfterFirstRender } from './use-after-first-render.ts';

const renders: boolean[] = [];

function Later() {
  const after = useAfterFirstRender();
  renders.push(after);
  return after ? <p>drawn later</p> : null;
}

describe('useAfterFirstRender', () => {
  it('draws nothing in the first render and the rest in a task after it', async () => {
    vi.useFakeTimers();
    try {
      const view = render(<Later />);
      expect(view.queryByText('drawn later')).toBeNull();
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(view.getByText('drawn later')).toBeTruthy();
      expect(renders).toEqual([false, true]);
    } finally {
      vi.useRealTimers();
    }
  });
});
