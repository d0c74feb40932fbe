import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, PORTAL_ORIGIN, postJson, type RunningHelper, startHelper } from './support.ts';

let helper: RunningHelper;
let port: number;

beforeAll(async () => {
  helper = await startHelper({ origins: [PORTAL_ORIGIN, 'https://portal.example.com'] });
  port = helper.port;
});
afterAll(async () => {
  await helper.close();
});

describe('binding', () => {
  it('listens on 127.0.0.1 only', async () => {
    const address = helper.app.server.address();
    expect(address).toMatchObject({ address: '127.0.0.1', port });
  });

  it('cannot be reached through any other interface of the machine', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((info) => info !== undefined && info.family === 'IPv4' && !info.internal)
      .map((info) => info?.address ?? '');
    for (const address of others) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: address, port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(outcome, `connecting through ${address}`).toBe('ECONNREFUSED');
    }
  });
});

describe('DNS rebinding: the Host header', () => {
  it('answers 127.0.0.1:<port> and localhost:<port>', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const response = await postJson(port, '/general/ping', {}, { host });
      expect(response.status, host).toBe(200);
    }
  });

  it('refuses any other name with 421 and an empty body, before routing', async () => {
    const hosts = [
      `evil.example:${port}`,
      'evil.example',
      '127.0.0.1',
      `127.0.0.1:${port + 1}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost.:${port}`,
      `[::1]:${port}`,
      `0.0.0.0:${port}`,
    ];
    for (const host of hosts) {
      const ping = await postJson(port, '/general/ping', {}, { host });
      expect(ping.status, host).toBe(421);
      expect(ping.text, host).toBe('');
      const folder = await call(port, 'GET', '/general/getDownloadFolder', { headers: { host } });
      expect(folder.status, host).toBe(421);
      expect(folder.text, host).toBe('');
      const unknown = await call(port, 'GET', '/no/such/route', { headers: { host } });
      expect(unknown.status, host).toBe(421);
    }
  });

  it('refuses even an allowed origin when the Host is foreign', async () => {
    const response = await postJson(
      port,
      '/general/ping',
      {},
      { host: `evil.example:${port}`, origin: PORTAL_ORIGIN },
    );
    expect(response.status).toBe(421);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a request without a Host header', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write('GET /general/getDownloadFolder HTTP/1.0\r\n\r\n');
    });
    expect(raw.split('\r\n')[0]).toMatch(/^HTTP\/1\.[01] 421 Misdirected Request$/);
  });
});

describe('origins', () => {
  it('echoes an allowed origin exactly, with Vary: Origin', async () => {
    for (const origin of [PORTAL_ORIGIN, 'https://portal.example.com']) {
      const response = await postJson(port, '/general/ping', {}, { origin });
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers.vary).toContain('Origin');
    }
  });

  it('refuses other origins with 403 and no CORS header, never echoing them', async () => {
    const origins = [
      'https://evil.example',
      'null',
      'http://127.0.0.1:8080.evil.example',
      'http://127.0.0.1:8081',
      'http://localhost:8080',
      'https://127.0.0.1:8080',
      'HTTP://127.0.0.1:8080',
      'http://portal.example.com',
    ];
    for (const origin of origins) {
      const ping = await postJson(port, '/general/ping', {}, { origin });
      expect(ping.status, origin).toBe(403);
      expect(ping.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(ping.headers.vary, origin).toContain('Origin');
      expect(ping.json(), origin).toEqual({ message: 'This origin may not use the helper' });

      const folder = await call(port, 'GET', '/general/getDownloadFolder', { headers: { origin } });
      expect(folder.status, origin).toBe(403);
      expect(folder.text, origin).not.toContain('/');
    }
  });

  it('refuses a state change from another origin, leaving the state as it was', async () => {
    const before = (await call(port, 'GET', '/general/getDownloadFolder')).json();
    const response = await postJson(
      port,
      '/general/setDownloadFolder',
      { path: '/tmp/evil-choice' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect((await call(port, 'GET', '/general/getDownloadFolder')).json()).toEqual(before);
  });

  it('answers a caller without Origin (not a browser page) without CORS headers', async () => {
    const response = await postJson(port, '/general/ping');
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers.vary).toContain('Origin');
  });
});

describe('preflight', () => {
  const preflightHeaders = {
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type',
  };

  it('answers an allowed origin, including Chrome private-network access', async () => {
    const response = await call(port, 'OPTIONS', '/general/setDownloadFolder', {
      headers: {
        ...preflightHeaders,
        origin: PORTAL_ORIGIN,
        'access-control-request-private-network': 'true',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(response.headers['access-control-allow-headers']).toContain('content-type');
    expect(response.headers['access-control-allow-private-network']).toBe('true');
    expect(response.headers.vary).toContain('Origin');
  });

  it('grants private-network access only when asked', async () => {
    const response = await call(port, 'OPTIONS', '/general/ping', {
      headers: { ...preflightHeaders, origin: PORTAL_ORIGIN },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it('refuses other origins: no CORS and no private-network grant', async () => {
    const response = await call(port, 'OPTIONS', '/general/setDownloadFolder', {
      headers: {
        ...preflightHeaders,
        origin: 'https://evil.example',
        'access-control-request-private-network': 'true',
      },
    });
    expect(response.status).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-private-network']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('refuses a preflight without Origin', async () => {
    const response = await call(port, 'OPTIONS', '/general/ping', { headers: preflightHeaders });
    expect(response.status).toBe(403);
  });
});

describe('methods and content types', () => {
  it('changes state only through POST with application/json (415 otherwise)', async () => {
    const attempts: Array<{ contentType?: string; rawBody?: string }> = [
      { contentType: 'text/plain', rawBody: '{"path":"/tmp/x"}' },
      { contentType: 'application/x-www-form-urlencoded', rawBody: 'path=%2Ftmp%2Fx' },
      { contentType: 'multipart/form-data; boundary=x', rawBody: '--x--' },
      { contentType: 'application/json-patch+json', rawBody: '{"path":"/tmp/x"}' },
      {},
    ];
    for (const { contentType, rawBody } of attempts) {
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      for (const path of ['/general/setDownloadFolder', '/general/ping']) {
        const response = await call(port, 'POST', path, {
          headers,
          ...(rawBody === undefined ? {} : { rawBody }),
        });
        expect(response.status, `${path} ${contentType}`).toBe(415);
        expect(response.json()).toEqual({ message: 'The request body must be application/json' });
      }
    }
  });

  it('accepts application/json with a charset and a body-less JSON POST', async () => {
    const withCharset = await call(port, 'POST', '/general/ping', {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      rawBody: '{}',
    });
    expect(withCharset.status).toBe(200);
    const bodiless = await call(port, 'POST', '/general/ping', {
      headers: { 'content-type': 'application/json' },
    });
    expect(bodiless.status).toBe(200);
  });

  it('answers 405 with Allow for a GET on a POST route and the other way round', async () => {
    for (const path of ['/general/ping', '/general/setDownloadFolder']) {
      const response = await call(port, 'GET', path);
      expect(response.status, path).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.json()).toEqual({ message: `GET is not allowed on ${path}; use POST` });
    }
    const post = await postJson(port, '/general/getDownloadFolder');
    expect(post.status).toBe(405);
    expect(String(post.headers.allow)).toContain('GET');
  });

  it('answers 404 in JSON for an unknown route', async () => {
    const response = await postJson(port, '/general/nothing');
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ message: 'No route POST /general/nothing' });
  });

  it('answers malformed JSON and oversized bodies with clear errors', async () => {
    const malformed = await call(port, 'POST', '/general/setDownloadFolder', {
      headers: { 'content-type': 'application/json' },
      rawBody: '{"path":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON' });

    const huge = await postJson(port, '/general/setDownloadFolder', { path: `/${'a'.repeat(70_000)}` });
    expect(huge.status).toBe(413);
    expect(huge.json()).toEqual({ message: 'The request body is too large' });
  });

  it('ignores prototype-poisoning keys instead of merging them', async () => {
    const response = await call(port, 'POST', '/general/setDownloadFolder', {
      headers: { 'content-type': 'application/json' },
      rawBody: '{"__proto__":{"polluted":true},"path":"relative"}',
    });
    expect(response.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
