import { errorBodySchema } from '@benchside/contracts/common';
import { postJson, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Nothing a client sends may produce a stack trace or a 500. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat .+\(|node_modules|\.ts:\d+|stack/i);
}

describe('API conventions (DESIGN §3)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('reports health with the database checked', async () => {
    const response = await fetch(`${api.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api route with a 404 JSON error', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${api.url}/api/does-not-exist`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers malformed JSON with 400 and the error shape', async () => {
    const response = await fetch(`${api.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": "alice", ',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'The request body is not valid JSON' });
    expectNoInternals(text);
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await fetch(`${api.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(errorBodySchema.strict().parse(await response.json()).message).toMatch(/empty/i);
  });

  it('answers text/plain and form bodies with 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await fetch(`${api.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: 'username=alice&password=secret',
      });
      expect(response.status).toBe(415);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: 'Unsupported content type: send application/json' });
      expectNoInternals(text);
    }
  });

  it('accepts the merge-patch and JSON-LD media types as JSON', async () => {
    const response = await fetch(`${api.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/ld+json' },
      body: JSON.stringify({ username: 'nobody', password: 'whatever' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The login detail is incorrect' });
  });

  it('answers an over-long field with 400 and a violation naming it', async () => {
    const response = await postJson(`${api.url}/api/login`, { username: 'a'.repeat(51), password: 'x' });
    expect(response.status).toBe(400);
    const body = errorBodySchema.strict().parse(await response.json());
    expect(body.violations).toEqual([
      { propertyPath: 'username', message: 'Maximum 50 symbols' },
      { propertyPath: 'password', message: 'Minimum 3 symbols' },
    ]);
    expect(body.message).toBe('username: Maximum 50 symbols\npassword: Minimum 3 symbols');
  });

  it('answers a missing field with a violation too', async () => {
    const response = await postJson(`${api.url}/api/login`, { username: 'alice' });
    expect(response.status).toBe(400);
    const body = errorBodySchema.strict().parse(await response.json());
    expect(body.violations?.map((violation) => violation.propertyPath)).toEqual(['password']);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await postJson(`${api.url}/api/login`, {
      username: 'a'.repeat(2 * 1024 * 1024),
      password: 'x',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large' });
  });

  it('sets the security headers and a request id on every answer', async () => {
    for (const path of ['/api/health', '/api/me', '/api/nope']) {
      const response = await fetch(`${api.url}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('keeps a well-formed incoming request id', async () => {
    const response = await fetch(`${api.url}/api/health`, { headers: { 'x-request-id': 'lb-1234' } });
    expect(response.headers.get('x-request-id')).toBe('lb-1234');
  });

  it('publishes an OpenAPI 3.1 document with the routes and a browsable page', async () => {
    const response = await fetch(`${api.url}/api/docs.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/me', '/api/login', '/api/health']),
    );
    expect(document.paths['/api/login']).toMatchObject({
      post: {
        requestBody: {
          content: {
            'application/json': { schema: { properties: { username: { type: 'string', maxLength: 50 } } } },
          },
        },
      },
    });
    expect(document.paths['/api/me']).toMatchObject({ get: { security: [{ session: [] }] } });
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/dev'))).toEqual([]);

    const page = await fetch(`${api.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
