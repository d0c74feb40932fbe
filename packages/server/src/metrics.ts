import { BlockList, isIP } from 'node:net';
import type { Database } from '@benchside/db/database';
import type { ConnectionPoolCounts } from '@benchside/db/open-database';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { App } from './create-server.ts';

/**
 * Failed operations on stored files (the local folder or the bucket), by operation (`read`,
 * `write`, `delete`, ...). The storage code counts them; every server's `/metrics` shows them.
 */
export const storageErrorsTotal = new Counter({
  name: 'benchside_storage_errors_total',
  help: 'Operations on stored files (local folder or object storage) that failed',
  labelNames: ['operation'] as const,
  registers: [],
});

/** ObjectStorageOptions.onError for every server: a failed storage operation counted by its name. */
export function countStorageError(operation: string): void {
  storageErrorsTotal.inc({ operation });
}

/** The label of every request no route matched (404s, the web app's pages): raw paths would be unbounded. */
const UNMATCHED_ROUTE = '(unmatched)';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type AnsweredSeries = { labels: string; count: number; sum: number; buckets: number[] };

/**
 * `benchside_http_requests_total` and `benchside_http_request_duration_seconds`: answered requests
 * per method, route pattern and status class, kept as plain numbers and written in Prometheus'
 * text format when scraped. prom-client's `inc` and `observe` check and hash their labels on every
 * call: 3.5 µs of the 16 µs a signed-in `GET /api/me` cost the portal's thread (decision 156).
 */
class AnsweredRequests {
  readonly #series = new Map<string, AnsweredSeries>();

  count(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const statusClass = `${Math.floor(statusCode / 100)}xx`;
    const routeLabel = route ?? UNMATCHED_ROUTE;
    const key = `${method} ${statusClass} ${routeLabel}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: `method="${labelValue(method)}",route="${labelValue(routeLabel)}",status_class="${statusClass}"`,
        count: 0,
        sum: 0,
        buckets: LATENCY_BUCKETS.map(() => 0),
      };
      this.#series.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    const bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
  }

  exposition(): string {
    const requests = [
      '# HELP benchside_http_requests_total Answered HTTP requests',
      '# TYPE benchside_http_requests_total counter',
    ];
    const latency = [
      '# HELP benchside_http_request_duration_seconds Time from the request to the end of its answer',
      '# TYPE benchside_http_request_duration_seconds histogram',
    ];
    for (const { labels, count, sum, buckets } of this.#series.values()) {
      requests.push(`benchside_http_requests_total{${labels}} ${count}`);
      let cumulative = 0;
      for (const [index, bound] of LATENCY_BUCKETS.entries()) {
        cumulative += buckets[index] ?? 0;
        latency.push(`benchside_http_request_duration_seconds_bucket{le="${bound}",${labels}} ${cumulative}`);
      }
      latency.push(
        `benchside_http_request_duration_seconds_bucket{le="+Inf",${labels}} ${count}`,
        `benchside_http_request_duration_seconds_sum{${labels}} ${sum}`,
        `benchside_http_request_duration_seconds_count{${labels}} ${count}`,
      );
    }
    return `${requests.join('\n')}\n\n${latency.join('\n')}\n`;
  }
}

/** A label's value as the text format writes it: backslash, double quote and line feed escaped. */
function labelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (character) => (character === '\n' ? '\\n' : `\\${character}`));
}

let processRegistry: Registry | undefined;

/** Once per process, which may run both servers (`npm start`): Node's own metrics and storage errors. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    processRegistry.registerMetric(storageErrorsTotal);
  }
  return processRegistry;
}

export interface MetricsOptions {
  /** METRICS_ALLOW: addresses and CIDRs that may read the metrics. */
  allow: string[];
  db: Kysely<Database>;
  /** The PostgreSQL pool's counts; null on PGlite (one connection), which reports none. */
  pool: ConnectionPoolCounts | null;
  /** The mail outbox's backlog and failures: the API's, as the support service sends no mail. */
  mailOutbox: boolean;
}

function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefixLength] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefixLength === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefixLength), type);
  }
  return list;
}

function registerPoolGauges(registry: Registry, pool: ConnectionPoolCounts): void {
  const gauges: Array<[string, string, () => number]> = [
    ['benchside_db_pool_connections', 'Open connections of the database pool', () => pool.totalCount],
    ['benchside_db_pool_idle_connections', 'Open connections no query is using', () => pool.idleCount],
    ['benchside_db_pool_waiting_queries', 'Queries waiting for a free connection', () => pool.waitingCount],
  ];
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  }
}

function registerMailOutboxGauge(registry: Registry, db: Kysely<Database>, log: FastifyBaseLogger): void {
  new Gauge({
    name: 'benchside_mail_outbox_messages',
    help: 'E-mails waiting in the outbox (pending) and given up after every retry (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    // One query per scrape; each count reads only its partial index, not the sent rows.
    async collect() {
      try {
        const { rows } = await sql<{ pending: number; failed: number }>`
          select (select count(*) from mail_outbox where status = 'pending')::int as pending,
                 (select count(*) from mail_outbox where status = 'failed')::int as failed`.execute(db);
        this.set({ status: 'pending' }, rows[0]?.pending ?? 0);
        this.set({ status: 'failed' }, rows[0]?.failed ?? 0);
      } catch (error) {
        // The rest of the scrape still answers (the process metrics matter most in an outage),
        // without stale counts.
        this.reset();
        log.warn({ err: error }, 'Metrics: the mail outbox could not be counted');
      }
    },
  });
}

/**
 * `GET <path>` in Prometheus' text format: requests and their latency per route pattern, method and
 * status class, the database pool, the mail outbox, storage errors and Node's process metrics.
 * Callers outside METRICS_ALLOW (by `request.ip`, so behind TRUST_PROXY the client's address) get
 * the answer of a path that does not exist.
 */
export function registerMetrics(app: App, path: string, options: MetricsOptions): void {
  const registry = new Registry();
  const answered = new AnsweredRequests();
  app.addHook('onResponse', (request, reply, done) => {
    answered.count(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (options.pool) registerPoolGauges(registry, options.pool);
  if (options.mailOutbox) registerMailOutboxGauge(registry, options.db, app.log);

  const scraped = Registry.merge([processMetrics(), registry]);
  const allowed = allowList(options.allow);
  app.get(path, { schema: { hide: true } }, async (request, reply) => {
    const version = isIP(request.ip);
    if (version === 0 || !allowed.check(request.ip, version === 6 ? 'ipv6' : 'ipv4')) {
      return reply.callNotFound();
    }
    return reply.type(scraped.contentType).send(`${await scraped.metrics()}\n${answered.exposition()}`);
  });
}
