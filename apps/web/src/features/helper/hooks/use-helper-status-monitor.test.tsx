import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientConfig } from '../../../lib/client-config.ts';
import type { LoopbackPermission } from '../../../lib/helper-access.ts';
import { HelperError } from '../../../lib/helper-client.ts';
import { helperAccessStore, helperStatusStore, launchHelperModalStore } from '../../../lib/helper-status.ts';
import { HELPER_LAUNCH_SESSION_KEY, useHelperStatusMonitor } from './use-helper-status-monitor.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

interface MonitorSetup {
  /** The loopback permission as the browser answers it; `next` is what a recheck reads. */
  permission?: LoopbackPermission;
  afterFailure?: LoopbackPermission;
  phoneOrTablet?: boolean;
  secureContext?: boolean;
  session?: ReturnType<typeof memoryStorage>;
}

function monitor(
  ping: () => Promise<unknown>,
  {
    permission = 'unsupported',
    afterFailure = permission,
    phoneOrTablet = false,
    secureContext = true,
    session = memoryStorage(),
  }: MonitorSetup = {},
) {
  const launch = vi.fn();
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  let report: (state: LoopbackPermission) => void = () => {};
  const watchPermission = (onChange: (state: LoopbackPermission) => void) => {
    report = onChange;
    queueMicrotask(() => onChange(permission));
    return { recheck: () => queueMicrotask(() => onChange(afterFailure)), stop: () => {} };
  };
  const device = () => ({ phoneOrTablet, secureContext });
  const view = renderHook(() => useHelperStatusMonitor({ ping, launch, device, watchPermission, session }), {
    wrapper,
  });
  const changePermission = (state: LoopbackPermission) => act(() => report(state));
  return { launch, view, session, changePermission };
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
    launchHelperModalStore.set(false);
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

  it('opens the launch link at most once per browser session, even after the helper was connected in between', async () => {
    let up = true;
    const ping = vi.fn(() => (up ? Promise.resolve({ ok: true }) : unreachable()));
    const { launch, view, session } = monitor(ping);
    await advance(0);
    up = false;
    await advance(10_100);
    expect(helperStatusStore.get()).toBe('no-connection');
    await advance(2_000);
    expect(launch).toHaveBeenCalledTimes(1);
    expect(session.getItem(HELPER_LAUNCH_SESSION_KEY)).not.toBeNull();
    up = true;
    await advance(10_000);
    expect(helperStatusStore.get()).toBe('connected');
    up = false;
    await advance(12_000);
    expect(helperStatusStore.get()).toBe('no-connection');
    expect(launch).toHaveBeenCalledTimes(1);

    // A new page in the same session (a reload) remembers it.
    view.unmount();
    const again = monitor(vi.fn(unreachable), { session });
    await advance(5_000);
    expect(again.launch).not.toHaveBeenCalled();
  });

  it('never opens the launch link when the browser denies the page the loopback, and opens the explanation at once instead', async () => {
    const { launch, session } = monitor(vi.fn(unreachable), { permission: 'denied' });
    await advance(0);
    expect(helperStatusStore.get()).toBe('no-connection');
    expect(helperAccessStore.get()).toBe('blocked');
    // Not held back 2 s like the launch link.
    expect(launchHelperModalStore.get()).toBe(true);
    expect(session.getItem(HELPER_LAUNCH_SESSION_KEY)).not.toBeNull();
    await advance(2_000);
    expect(launch).not.toHaveBeenCalled();
    await advance(60_000);
    expect(launch).not.toHaveBeenCalled();
  });

  it('reads the permission again after a refused ping: a question the browser denied is no reason to launch', async () => {
    const { launch } = monitor(vi.fn(unreachable), { permission: 'prompt', afterFailure: 'denied' });
    await advance(0);
    expect(helperAccessStore.get()).toBe('blocked');
    await advance(3_000);
    expect(launch).not.toHaveBeenCalled();
    expect(launchHelperModalStore.get()).toBe(true);
  });

  it('while the browser asks (it holds the ping back on prompt) explains the question after 1 s instead of launching', async () => {
    const { launch } = monitor(
      vi.fn(() => new Promise<never>(() => {})),
      { permission: 'prompt' },
    );
    await advance(900);
    expect(helperAccessStore.get()).toBe('open');
    expect(launchHelperModalStore.get()).toBe(false);
    await advance(100);
    expect(helperAccessStore.get()).toBe('will-ask');
    expect(launchHelperModalStore.get()).toBe(true);
    await advance(30_000);
    expect(launch).not.toHaveBeenCalled();
  });

  it('after a check that timed out on prompt, explains instead of launching', async () => {
    const timeout = () => Promise.reject(new HelperError('timeout', 'The helper did not answer in time'));
    const { launch } = monitor(vi.fn(timeout), { permission: 'prompt' });
    await advance(0);
    expect(helperAccessStore.get()).toBe('will-ask');
    expect(launchHelperModalStore.get()).toBe(true);
    await advance(2_000);
    expect(launch).not.toHaveBeenCalled();
  });

  it('on prompt, a ping refused at once (a page on loopback, no helper running) still opens the launch link', async () => {
    const { launch } = monitor(vi.fn(unreachable), { permission: 'prompt' });
    await advance(2_000);
    expect(launch).toHaveBeenCalledTimes(1);
  });

  it('asks the helper again as soon as the user allows the access', async () => {
    let allowed = false;
    const ping = vi.fn(() => (allowed ? Promise.resolve({ ok: true }) : unreachable()));
    const { changePermission } = monitor(ping, { permission: 'prompt', afterFailure: 'prompt' });
    await advance(0);
    expect(helperStatusStore.get()).toBe('no-connection');
    allowed = true;
    changePermission('granted');
    await advance(0);
    expect(helperStatusStore.get()).toBe('connected');
    expect(helperAccessStore.get()).toBe('open');
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('on a phone or tablet pings nothing and never opens the launch link', async () => {
    const ping = vi.fn(unreachable);
    const { launch } = monitor(ping, { phoneOrTablet: true });
    await advance(30_000);
    expect(ping).not.toHaveBeenCalled();
    expect(launch).not.toHaveBeenCalled();
    expect(helperAccessStore.get()).toBe('no-helper-here');
    expect(launchHelperModalStore.get()).toBe(false);
  });

  it('stops checking and goes back to pending when unmounted (signed out)', async () => {
    const ping = vi.fn(async () => ({ ok: true }));
    const { view } = monitor(ping);
    await advance(0);
    view.unmount();
    expect(helperStatusStore.get()).toBe('pending');
    expect(helperAccessStore.get()).toBe('open');
    await advance(30_000);
    expect(ping).toHaveBeenCalledTimes(1);
  });
});
