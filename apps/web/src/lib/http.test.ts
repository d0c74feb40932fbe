import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient } from './http.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('http client', () => {
  it('sends JSON with same-origin credentials under the base URL', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const http = createHttpClient({ baseUrl: '/api', fetch });
    await expect(http.post('/login', { username: 'demo' }, { query: { page: 2 } })).resolves.toEqual({
      ok: true,
    });
    expect(fetch).toHaveBeenCalledWith(
      '/api/login?page=2',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: '{"username":"demo"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('rejects with an ApiError that carries the error body', async () => {
    const body = { message: 'The login detail is incorrect', isVerified: false };
    const http = createHttpClient({ baseUrl: '/api', fetch: async () => json(400, body) });
    const error = await http.post('/login', {}).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: body.message, body });
  });

  it('answers any 401 with exactly one logout; other requests wait for it; the session ends once', async () => {
    const logout = deferred<Response>();
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string | URL | Request) => {
      const path = String(url);
      calls.push(path);
      if (path === '/api/logout') return logout.promise;
      if (path === '/api/later') return json(200, { later: true });
      return json(401, { message: 'Not signed in' });
    });
    const http = createHttpClient({ baseUrl: '/api', fetch });
    const sessionEnded = vi.fn();
    http.onSessionEnded(sessionEnded);

    const failing = [http.get('/me'), http.get('/cards'), http.get('/files')].map((request) =>
      request.catch((reason: unknown) => reason),
    );
    await vi.waitFor(() => expect(calls.filter((path) => path === '/api/logout')).toHaveLength(1));

    const later = http.get('/later');
    await Promise.resolve();
    expect(calls).not.toContain('/api/later');

    logout.resolve(new Response(null, { status: 204 }));
    for (const error of await Promise.all(failing)) expect(error).toMatchObject({ status: 401 });
    await expect(later).resolves.toEqual({ later: true });
    expect(calls.filter((path) => path === '/api/logout')).toHaveLength(1);
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('never answers a 401 from logout itself with another logout', async () => {
    const fetch = vi.fn(async () => json(401, { message: 'Not signed in' }));
    const http = createHttpClient({ baseUrl: '/api', fetch });
    await expect(http.get('/logout')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands a 401 of another origin to its judge instead of logging out', async () => {
    const fetch = vi.fn(async () => json(401, { message: 'Not signed in' }));
    const onUnauthorized = vi.fn(async () => null);
    const support = createHttpClient({
      baseUrl: 'http://support.test',
      credentials: 'include',
      fetch,
      onUnauthorized,
    });
    await expect(support.post('/eup/upload', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      'http://support.test/eup/upload',
      expect.objectContaining({ credentials: 'include', headers: { Accept: 'application/json' } }),
    );
  });
});
