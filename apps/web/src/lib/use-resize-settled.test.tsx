import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESIZE_DEBOUNCE_MS, useResizeSettled } from './use-resize-settled.ts';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('useResizeSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reacts once, 200 ms after the last resize event, with the final width (spec §9)', () => {
    expect(RESIZE_DEBOUNCE_MS).toBe(200);
    const settled = vi.fn();
    renderHook(() => useResizeSettled(settled));
    act(() => {
      resizeTo(500);
      vi.advanceTimersByTime(150);
      resizeTo(800);
      vi.advanceTimersByTime(150);
      resizeTo(1200);
      vi.advanceTimersByTime(199);
    });
    expect(settled).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(settled).toHaveBeenCalledTimes(1);
    expect(settled).toHaveBeenCalledWith(1200);
  });

  it('stops listening when the component goes away', () => {
    const settled = vi.fn();
    const { unmount } = renderHook(() => useResizeSettled(settled));
    act(() => {
      resizeTo(1000);
    });
    unmount();
    act(() => {
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);
    });
    expect(settled).not.toHaveBeenCalled();
  });
});
