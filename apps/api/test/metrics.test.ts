import { randomUUID } from 'node:crypto';
import { type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The samples of one metric, e.g. `name{labels} value` lines. */
function samplesOf(text: string, metric: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `));
}

describe('GET /metrics', () => {
  describe('from this host (METRICS_ALLOW by default: loopback)', () => {
    let api: RunningApi;
    beforeAll(async () => {
      api = await startApi();
    });
    afterAll(async () => {
      await api.close();
    });

    async function scrape(): Promise<string> {
      const response = await fetch(`${api.url}/metrics`);
      expect(response.status).toBe(200);
      return response.text();
    }

    it('answers in the Prometheus text format with the HTTP, outbox, storage and process metrics', async () => {
      await fetch(`${api.url}/api/health`);
      const response = await fetch(`${api.url}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await response.text();
      for (const declaration of [
        '# TYPE benchside_http_requests_total counter',
        '# TYPE benchside_http_request_duration_seconds histogram',
        '# TYPE benchside_mail_outbox_messages gauge',
        '# TYPE benchside_storage_errors_total counter',
        '# TYPE process_cpu_user_seconds_total counter',
        '# TYPE nodejs_eventloop_lag_seconds gauge',
      ]) {
        expect(text).toContain(declaration);
      }
      expect(samplesOf(text, 'benchside_http_requests_total')).toContain(
        'benchside_http_requests_total{method="GET",route="/api/health",status_class="2xx"} 1',
      );
      expect(text).toMatch(
        /^benchside_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health",status_class="2xx"\} 1$/m,
      );
    });

    it('labels requests by route pattern, never by the raw path', async () => {
      const ids = [randomUUID(), randomUUID()];
      for (const id of ids) expect((await fetch(`${api.url}/api/conversations/${id}`)).status).toBe(401);
      const text = await scrape();
      expect(samplesOf(text, 'benchside_http_requests_total')).toContain(
        'benchside_http_requests_total{method="GET",route="/api/conversations/:id",status_class="4xx"} 2',
      );
      for (const id of ids) expect(text).not.toContain(id);
    });

    it('keeps one series for every unknown path, however many a scanner tries', async () => {
      const before = samplesOf(await scrape(), 'benchside_http_requests_total').length;
      const paths = Array.from({ length: 40 }, (_, index) =>
        index % 2 === 0 ? `/api/nope-${randomUUID()}` : `/wp-admin/${randomUUID()}.php`,
      );
      for (const path of paths) expect((await fetch(`${api.url}${path}`)).status).toBe(404);
      const text = await scrape();
      const series = samplesOf(text, 'benchside_http_requests_total');
      expect(series).toContain(
        'benchside_http_requests_total{method="GET",route="(unmatched)",status_class="4xx"} 40',
      );
      // The new series: the unmatched one, and the scrapes' own.
      expect(series.length - before).toBeLessThanOrEqual(2);
      for (const path of paths) expect(text).not.toContain(path);
    });

    it('counts the outbox backlog and its failed mails at each scrape', async () => {
      const later = new Date(Date.now() + 60 * 60 * 1000);
      await api.db
        .insertInto('mail_outbox')
        .values([
          { recipient: 'a@example.test', kind: 'passwordChanged', next_attempt_at: later },
          { recipient: 'b@example.test', kind: 'passwordChanged', next_attempt_at: later },
          { recipient: 'c@example.test', kind: 'passwordChanged', status: 'failed', failed_at: new Date() },
        ])
        .execute();
      const text = await scrape();
      expect(samplesOf(text, 'benchside_mail_outbox_messages').toSorted()).toEqual([
        'benchside_mail_outbox_messages{status="failed"} 1',
        'benchside_mail_outbox_messages{status="pending"} 2',
      ]);
    });

    it('shows the connection pool on PostgreSQL and none on PGlite, which has one connection', async () => {
      const text = await scrape();
      const poolMetrics = [
        'benchside_db_pool_connections',
        'benchside_db_pool_idle_connections',
        'benchside_db_pool_waiting_queries',
      ];
      for (const metric of poolMetrics) {
        expect(samplesOf(text, metric)).toHaveLength(process.env.DATABASE_URL ? 1 : 0);
      }
    });
  });

  describe('behind a proxy (TRUST_PROXY) with METRICS_ALLOW naming the scrapers', () => {
    let api: RunningApi;
    beforeAll(async () => {
      api = await startApi({ env: { TRUST_PROXY: '127.0.0.1', METRICS_ALLOW: '203.0.113.0/24' } });
    });
    afterAll(async () => {
      await api.close();
    });

    const from = (client: string | null) =>
      fetch(`${api.url}/metrics`, { headers: client ? { 'x-forwarded-for': client } : {} });

    it('answers a scraper in the list', async () => {
      const response = await from('203.0.113.7');
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE benchside_http_requests_total counter');
    });

    it('answers anyone else, the proxy itself included, as a path that does not exist', async () => {
      const unknown = await fetch(`${api.url}/no-such-path`);
      const unknownBody = await unknown.text();
      for (const client of ['198.51.100.9', '10.0.0.1', null]) {
        const response = await from(client);
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
        expect(await response.text()).toBe(unknownBody);
      }
    });
  });
});
