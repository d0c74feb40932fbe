import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientConfig } from '../../../lib/client-config.ts';
import { HelperError } from '../../../lib/helper-client.ts';
import { helperStatusStore } from '../../../lib/helper-status.ts';
import { useHelperStatusMonitor } from './use-helper-status-monitor.ts';

function monitor(ping: () => Promise<unknown>) {
  const launch = vi.fn();
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useHelperStatusMonitor({ ping, launch }), { wrapper });
  return { launch, view };
}

// Query results reach React on a zero-delay timer, which the second step runs.
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.advanceTimersByTimeAsync(0);
  });
const unreachable = () => Promise.reject(new HelperError('unreachable', 'The helper could not be reached'));

describe('helper status monitor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts pending and shows connected once the helper answers, without opening the launch link', async () => {
    const ping = vi.fn(async () => ({ ok: true }));
    const { launch } = monitor(ping);
    expect(helperStatusStore.get()).toBe('pending');
    await advance(0);
    expect(helperStatusStore.get()).toBe('connected');
    await advance(30_000);
    expect(launch).not.toHaveBeenCalled();
  });

  it('checks every 10 s', async () => {
    const ping = vi.fn(async () => ({ ok: true }));
    monitor(ping);
    await advance(0);
    expect(ping).toHaveBeenCalledTimes(1);
    await advance(9_900);
    expect(ping).toHaveBeenCalledTimes(1);
    await advance(100);
    expect(ping).toHaveBeenCalledTimes(2);
    await advance(20_000);
    expect(ping).toHaveBeenCalledTimes(4);
  });

  it('opens the launch link once, 2 s after no connection is shown, and not again while it stays so', async () => {
    const { launch } = monitor(vi.fn(unreachable));
    await advance(0);
    expect(helperStatusStore.get()).toBe('no-connection');
    await advance(1_900);
    expect(launch).not.toHaveBeenCalled();
    await advance(100);
    expect(launch).toHaveBeenCalledTimes(1);
    expect(launch).toHaveBeenCalledWith(clientConfig.helperLaunchUrl);
    await advance(60_000);
    expect(helperStatusStore.get()).toBe('no-connection');
    expect(launch).toHaveBeenCalledTimes(1);
  });

  it('opens the launch link again only after the helper was connected in between', async () => {
    let up = true;
    const ping = vi.fn(() => (up ? Promise.resolve({ ok: true }) : unreachable()));
    const { launch } = monitor(ping);
    await advance(0);
    up = false;
    await advance(10_100);
    expect(helperStatusStore.get()).toBe('no-connection');
    await advance(2_000);
    expect(launch).toHaveBeenCalledTimes(1);
    up = true;
    await advance(10_000);
    expect(helperStatusStore.get()).toBe('connected');
    expect(launch).toHaveBeenCalledTimes(1);
    up = false;
    await advance(12_000);
    expect(launch).toHaveBeenCalledTimes(2);
  });

  it('stops checking and goes back to pending when unmounted (signed out)', async () => {
    const ping = vi.fn(async () => ({ ok: true }));
    const { view } = monitor(ping);
    await advance(0);
    view.unmount();
    expect(helperStatusStore.get()).toBe('pending');
    await advance(30_000);
    expect(ping).toHaveBeenCalledTimes(1);
  });
});
