import { describe, expect, it, vi } from 'vitest';
import {
  helperAccess,
  isPhoneOrTablet,
  type LoopbackPermission,
  noConnectionAction,
  watchLoopbackPermission,
} from './helper-access.ts';

const desktop = {
  phoneOrTablet: false,
  secureContext: true,
  status: 'no-connection',
  failure: 'unreachable',
  heldBack: false,
} as const;

describe('helper access', () => {
  it('is open where the browser has no loopback permission, or granted it', () => {
    expect(helperAccess({ ...desktop, permission: 'unsupported' })).toBe('open');
    expect(helperAccess({ ...desktop, permission: 'granted' })).toBe('open');
  });

  it('is blocked once denied, whatever the failure', () => {
    expect(helperAccess({ ...desktop, permission: 'denied' })).toBe('blocked');
    expect(helperAccess({ ...desktop, permission: 'denied', failure: 'timeout' })).toBe('blocked');
  });

  it('says the browser is asking when, on prompt, it holds the check back, or held it until it timed out', () => {
    expect(helperAccess({ ...desktop, status: 'pending', permission: 'prompt', heldBack: true })).toBe(
      'will-ask',
    );
    expect(helperAccess({ ...desktop, permission: 'prompt', failure: 'timeout' })).toBe('will-ask');
  });

  it('on prompt, is open when the helper was refused at once (a page on loopback reads prompt and is never asked)', () => {
    expect(helperAccess({ ...desktop, permission: 'prompt' })).toBe('open');
  });

  it('is open whatever the permission says once the helper answers, and on prompt while a first check is quick', () => {
    expect(helperAccess({ ...desktop, status: 'connected', permission: 'denied' })).toBe('open');
    expect(helperAccess({ ...desktop, status: 'pending', permission: 'prompt' })).toBe('open');
  });

  it('names a page outside a secure context, which the browser denies outright', () => {
    expect(helperAccess({ ...desktop, secureContext: false, permission: 'prompt' })).toBe('insecure');
    expect(helperAccess({ ...desktop, secureContext: false, status: 'pending', permission: 'denied' })).toBe(
      'insecure',
    );
    expect(helperAccess({ ...desktop, secureContext: false, permission: 'denied' })).toBe('insecure');
  });

  it('has no helper on a phone or tablet', () => {
    expect(helperAccess({ ...desktop, phoneOrTablet: true, permission: 'granted' })).toBe('no-helper-here');
  });
});

describe('what happens after no connection', () => {
  it('opens the launch link only where nothing stands between the page and the helper', () => {
    expect(noConnectionAction('open', false)).toBe('open-launch-link');
  });

  it('explains instead where the browser asks, refuses, or cannot allow', () => {
    expect(noConnectionAction('will-ask', false)).toBe('explain');
    expect(noConnectionAction('blocked', false)).toBe('explain');
    expect(noConnectionAction('insecure', false)).toBe('explain');
  });

  it('does nothing a second time in a browser session, nor on a phone or tablet', () => {
    expect(noConnectionAction('open', true)).toBe('nothing');
    expect(noConnectionAction('blocked', true)).toBe('nothing');
    expect(noConnectionAction('no-helper-here', false)).toBe('nothing');
  });
});

describe('phones and tablets', () => {
  const nav = (userAgent: string, maxTouchPoints = 0, mobile?: boolean) => ({
    userAgent,
    maxTouchPoints,
    ...(mobile === undefined ? {} : { userAgentData: { mobile } }),
  });

  it('are told by the client hint, the user agent, or an iPad that calls itself a Mac', () => {
    expect(isPhoneOrTablet(nav('Mozilla/5.0 (Linux; Android 10; K)', 5, true))).toBe(true);
    expect(
      isPhoneOrTablet(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148', 5)),
    ).toBe(true);
    expect(isPhoneOrTablet(nav('Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36', 10))).toBe(true);
    expect(isPhoneOrTablet(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5))).toBe(
      true,
    );
  });

  it('leave out desktops, touch screen laptops included', () => {
    expect(isPhoneOrTablet(nav('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/142.0', 10, false))).toBe(
      false,
    );
    expect(isPhoneOrTablet(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0))).toBe(
      false,
    );
    expect(isPhoneOrTablet(nav('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0'))).toBe(false);
  });
});

/** A Permissions API that knows the given names, each with its live PermissionStatus. */
function permissionsKnowing(states: Record<string, PermissionState>) {
  const statuses = new Map<string, PermissionStatus>();
  const query = vi.fn(async ({ name }: PermissionDescriptor) => {
    const state = states[name];
    if (state === undefined)
      throw new TypeError(`'${name}' is not a valid enum value of type PermissionName.`);
    const status = Object.assign(new EventTarget(), { name, state, onchange: null }) as PermissionStatus;
    statuses.set(name, status);
    return status;
  });
  const change = (name: string, state: PermissionState) => {
    states[name] = state;
    const status = statuses.get(name);
    if (!status) throw new Error(`${name} was never queried`);
    Object.assign(status, { state });
    status.dispatchEvent(new Event('change'));
  };
  return { query, change };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watching the loopback permission', () => {
  it('asks for loopback-network first and follows its changes', async () => {
    const permissions = permissionsKnowing({
      'loopback-network': 'prompt',
      'local-network-access': 'granted',
    });
    const seen: LoopbackPermission[] = [];
    const watch = watchLoopbackPermission((state) => seen.push(state), permissions);
    await settle();
    expect(seen).toEqual(['prompt']);
    permissions.change('loopback-network', 'denied');
    expect(seen).toEqual(['prompt', 'denied']);
    watch.stop();
    permissions.change('loopback-network', 'granted');
    expect(seen).toEqual(['prompt', 'denied']);
  });

  it("falls back to Chrome 142's local-network-access, catching the unknown name", async () => {
    const permissions = permissionsKnowing({ 'local-network-access': 'denied' });
    const seen: LoopbackPermission[] = [];
    watchLoopbackPermission((state) => seen.push(state), permissions);
    await settle();
    expect(seen).toEqual(['denied']);
    expect(permissions.query.mock.calls.map(([descriptor]) => descriptor.name)).toEqual([
      'loopback-network',
      'local-network-access',
    ]);
  });

  it('reports unsupported where the browser knows neither name, or has no Permissions API', async () => {
    const seen: LoopbackPermission[] = [];
    watchLoopbackPermission((state) => seen.push(state), permissionsKnowing({}));
    watchLoopbackPermission((state) => seen.push(state), undefined);
    await settle();
    expect(seen).toEqual(['unsupported', 'unsupported']);
  });

  it('reads the state again on recheck', async () => {
    const permissions = permissionsKnowing({ 'loopback-network': 'prompt' });
    const seen: LoopbackPermission[] = [];
    const watch = watchLoopbackPermission((state) => seen.push(state), permissions);
    await settle();
    // A browser that decided without firing change (the headless one dismisses its question).
    (permissions as { query: unknown }).query = vi.fn(async () => ({ state: 'denied' }));
    watch.recheck();
    await settle();
    expect(seen).toEqual(['prompt', 'denied']);
  });
});
