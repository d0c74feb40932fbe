import { DEFAULT_HELPER_PORT, HELPER_PORTS } from '@benchside/contracts/helper';
import { describe, expect, it, vi } from 'vitest';
import { createHelperClient, HELPER_PORT_STORAGE_KEY, HelperError } from './helper-client.ts';

const PING = { ok: true, version: '1.0.0' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

/** A loopback where only the given ports have a helper; every other port refuses the connection. */
function loopback(helperPorts: number[]) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(`${url.port}${url.pathname}`);
    expect(init).toMatchObject({ method: 'POST', mode: 'cors', credentials: 'omit' });
    if (!helperPorts.includes(Number(url.port))) throw new TypeError('Failed to fetch');
    return url.pathname === '/general/ping' ? json(200, PING) : json(200, { path: url.pathname });
  });
  return { fetch, calls };
}

describe('helper client', () => {
  it("probes the spec's ports on 127.0.0.1 from 20051 to 20054, in that order, defaulting to 20051", async () => {
    // The constants the client reads, not ports a test picked: the spec's range, whole and in order.
    expect(HELPER_PORTS).toEqual([20051, 20052, 20053, 20054]);
    expect(DEFAULT_HELPER_PORT).toBe(20051);
    const urls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      if (!String(input).startsWith('http://127.0.0.1:20054/')) throw new TypeError('Failed to fetch');
      return json(200, PING);
    });
    const storage = memoryStorage();
    await createHelperClient({ fetch, storage }).callHelper('/software/list');
    expect(urls).toEqual([
      'http://127.0.0.1:20051/software/list',
      'http://127.0.0.1:20051/general/ping',
      'http://127.0.0.1:20052/general/ping',
      'http://127.0.0.1:20053/general/ping',
      'http://127.0.0.1:20054/general/ping',
      'http://127.0.0.1:20054/software/list',
    ]);
    expect(storage.getItem(HELPER_PORT_STORAGE_KEY)).toBe('20054');
  });

  it('probes the ports the deployment sets in HELPER_PORTS instead, in order, from the first', async () => {
    const { fetch, calls } = loopback([30002]);
    const storage = memoryStorage();
    const client = createHelperClient({ fetch, storage, ports: [30001, 30002] });
    await client.callHelper('/software/list');
    expect(calls).toEqual([
      '30001/software/list',
      '30001/general/ping',
      '30002/general/ping',
      '30002/software/list',
    ]);
    expect(storage.getItem(HELPER_PORT_STORAGE_KEY)).toBe('30002');
    // The spec's default port is not one of them, so it is never asked.
    expect(calls.some((call) => call.startsWith('20051'))).toBe(false);
  });

  it('calls the default port 20051 first, with JSON and without credentials', async () => {
    const { fetch, calls } = loopback([20051]);
    const client = createHelperClient({ fetch, storage: memoryStorage() });
    await expect(client.callHelper('/software/list')).resolves.toEqual({ path: '/software/list' });
    expect(calls).toEqual(['20051/software/list']);
    expect(fetch).toHaveBeenCalledWith(
      'http://127.0.0.1:20051/software/list',
      expect.objectContaining({
        body: '{}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('probes 20051 to 20054 in order and remembers the port that answered the ping', async () => {
    const { fetch, calls } = loopback([20053, 20054]);
    const storage = memoryStorage();
    const client = createHelperClient({ fetch, storage });
    await expect(client.callHelper('/downloads/list', { softName: 'Tool' })).resolves.toEqual({
      path: '/downloads/list',
    });
    expect(calls).toEqual([
      '20051/downloads/list',
      '20051/general/ping',
      '20052/general/ping',
      '20053/general/ping',
      '20053/downloads/list',
    ]);
    expect(storage.getItem(HELPER_PORT_STORAGE_KEY)).toBe('20053');

    calls.length = 0;
    await client.callHelper('/software/list');
    expect(calls).toEqual(['20053/software/list']);
  });

  it('starts with the stored port on the next page load', async () => {
    const { fetch, calls } = loopback([20052]);
    const client = createHelperClient({
      fetch,
      storage: memoryStorage({ [HELPER_PORT_STORAGE_KEY]: '20052' }),
    });
    await expect(client.pingHelper()).resolves.toEqual(PING);
    expect(calls).toEqual(['20052/general/ping']);
  });

  it('ignores a stored value that is not one of the helper ports', async () => {
    const { fetch, calls } = loopback([20051]);
    const client = createHelperClient({
      fetch,
      storage: memoryStorage({ [HELPER_PORT_STORAGE_KEY]: '8080' }),
    });
    await client.pingHelper();
    expect(calls).toEqual(['20051/general/ping']);
  });

  it('skips a port where something other than the helper answers', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input)).port === '20051' ? json(200, { hello: 'world' }) : json(200, PING),
    );
    const storage = memoryStorage();
    const client = createHelperClient({ fetch, storage });
    await expect(client.pingHelper()).resolves.toEqual(PING);
    expect(storage.getItem(HELPER_PORT_STORAGE_KEY)).toBe('20052');
  });

  it('probes only once per call and fails with an unreachable HelperError when no helper runs', async () => {
    const { fetch, calls } = loopback([]);
    const client = createHelperClient({ fetch, storage: memoryStorage() });
    const error = await client.callHelper('/software/list').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HelperError);
    expect(error).toMatchObject({ reason: 'unreachable' });
    expect(calls).toEqual([
      '20051/software/list',
      '20051/general/ping',
      '20052/general/ping',
      '20053/general/ping',
      '20054/general/ping',
    ]);
  });

  it('turns a helper that does not answer in time into a timeout HelperError', async () => {
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const client = createHelperClient({ fetch, storage: memoryStorage(), timeoutMs: 20 });
    const error = await client.pingHelper().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HelperError);
    expect(error).toMatchObject({ reason: 'timeout' });
    // The remembered port, then each port once.
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('reports an error status with the helper message and does not probe for it', async () => {
    const fetch = vi.fn(async () => json(400, { message: 'Default download folder not selected!' }));
    const client = createHelperClient({ fetch, storage: memoryStorage() });
    const error = await client.callHelper('/downloads/add', {}).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HelperError);
    expect(error).toMatchObject({
      reason: 'rejected',
      status: 400,
      message: 'Default download folder not selected!',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reads the download folder with a GET without body, probing the ports like a POST', async () => {
    const seen: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      seen.push(`${init?.method} ${url.port}${url.pathname}`);
      if (url.port !== '20052') throw new TypeError('Failed to fetch');
      if (url.pathname === '/general/ping') return json(200, PING);
      expect(init?.body).toBeUndefined();
      return json(200, { path: '/home/tech/Benchside' });
    });
    const client = createHelperClient({ fetch, storage: memoryStorage() });
    await expect(client.readHelper('/general/getDownloadFolder')).resolves.toEqual({
      path: '/home/tech/Benchside',
    });
    expect(seen).toEqual([
      'GET 20051/general/getDownloadFolder',
      'POST 20051/general/ping',
      'POST 20052/general/ping',
      'GET 20052/general/getDownloadFolder',
    ]);
  });

  it('turns a GET the helper refuses into a rejected HelperError', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 421 }));
    const client = createHelperClient({ fetch, storage: memoryStorage() });
    const error = await client.readHelper('/general/getDownloadFolder').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HelperError);
    expect(error).toMatchObject({ reason: 'rejected', status: 421 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
