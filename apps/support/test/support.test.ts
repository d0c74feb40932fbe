import { currentUserSchema } from '@benchside/contracts/auth';
import type { App } from '@benchside/server/create-server';
import {
  createUser,
  postJson,
  type RunningApi,
  sessionCookie,
  startApi,
} from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSupportApp } from '../src/app.ts';
import { preflightJsonPost, startSupport } from './start-support.ts';

describe('support service on its own origin', () => {
  let api: RunningApi;
  let support: App;
  let supportUrl: string;
  const portalOrigin = 'http://127.0.0.1:8080';

  beforeAll(async () => {
    api = await startApi();
    ({ app: support, url: supportUrl } = await startSupport(api));
    await createUser(api.db, {
      username: 'tech',
      email: 'tech@example.test',
      password: 'Tech#Pass123',
      name: 'Tech',
    });
  });
  afterAll(async () => {
    await support.close();
    await api.close();
  });

  it('reports health', async () => {
    const response = await fetch(`${supportUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('reports readiness with the database and the file storage checked', async () => {
    const response = await fetch(`${supportUrl}/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('serves its metrics to this host in the Prometheus format, by route pattern', async () => {
    await fetch(`${supportUrl}/health`);
    const response = await fetch(`${supportUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(
      /^benchside_http_requests_total\{method="GET",route="\/health",status_class="2xx"\} [1-9]\d*$/m,
    );
    expect(text).toContain('# TYPE benchside_storage_errors_total counter');
    // The support service sends no mail.
    expect(text).not.toContain('benchside_mail_outbox_messages');
  });

  it('answers /metrics as a missing path to a client outside METRICS_ALLOW', async () => {
    const outsider = await buildSupportApp({
      config: { ...api.config, metricsAllow: ['203.0.113.0/24'] },
      db: api.db,
    });
    try {
      const metrics = await outsider.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '198.51.100.9',
      });
      const missing = await outsider.inject({
        method: 'GET',
        url: '/nothing-here',
        remoteAddress: '198.51.100.9',
      });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.body).toBe(missing.body);
      const scraper = await outsider.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
      expect(scraper.statusCode).toBe(200);
    } finally {
      await outsider.close();
    }
  });

  it('answers a CORS preflight from the portal origin, with credentials', async () => {
    const response = await preflightJsonPost(`${supportUrl}/me`, portalOrigin);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(portalOrigin);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('gives a foreign origin no CORS grant and refuses its state-changing calls', async () => {
    const preflight = await fetch(`${supportUrl}/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await fetch(`${supportUrl}/me`, { headers: { origin: 'https://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const post = await postJson(`${supportUrl}/me`, {}, { origin: 'https://evil.example' });
    expect(post.status).toBe(403);
  });

  it('answers 401 on /me without the portal cookie', async () => {
    const response = await fetch(`${supportUrl}/me`, { headers: { origin: portalOrigin } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('knows the user by the cookie the portal’s sign-in set', async () => {
    const login = await postJson(`${api.url}/api/login`, { username: 'tech', password: 'Tech#Pass123' });
    const cookie = sessionCookie(login) ?? '';
    const response = await fetch(`${supportUrl}/me`, { headers: { cookie, origin: portalOrigin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(portalOrigin);
    expect(currentUserSchema.parse(await response.json())).toMatchObject({
      username: 'tech',
      profile: { name: 'Tech' },
    });

    await fetch(`${api.url}/api/logout`, { headers: { cookie } });
    expect((await fetch(`${supportUrl}/me`, { headers: { cookie } })).status).toBe(401);
  });
});
