import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAYOUT_CONFIG } from '../../lib/layout-config.ts';
import { SPLASH_RESHOW_MS } from '../../lib/splash-screen.ts';
import { LayoutProvider, useLayout } from './layout-provider.tsx';

const splashShown = () => document.body.classList.contains('page-loading');

function renderLayout() {
  const wrapper = ({ children }: { children: ReactNode }) => <LayoutProvider>{children}</LayoutProvider>;
  return renderHook(() => useLayout(), { wrapper });
}

describe('layout provider splash', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.className = '';
  });

  it('shows no splash for the stored layout at start', () => {
    renderLayout();
    expect(splashShown()).toBe(false);
  });

  it('shows the splash for exactly 500 ms when the layout changes: still at 499 ms, gone at 500 ms', () => {
    expect(SPLASH_RESHOW_MS).toBe(500);
    const { result } = renderLayout();
    act(() => result.current.setLayout({ ...DEFAULT_LAYOUT_CONFIG, footer: { display: false } }));
    expect(splashShown()).toBe(true);
    act(() => vi.advanceTimersByTime(499));
    expect(splashShown()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(splashShown()).toBe(false);
  });

  it('counts the 500 ms from the latest change', () => {
    const { result } = renderLayout();
    act(() => result.current.setLayout({ ...DEFAULT_LAYOUT_CONFIG, footer: { display: false } }));
    act(() => vi.advanceTimersByTime(400));
    act(() => result.current.setLayout({ ...DEFAULT_LAYOUT_CONFIG, scrolltop: { display: false } }));
    act(() => vi.advanceTimersByTime(499));
    expect(splashShown()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(splashShown()).toBe(false);
  });
});
