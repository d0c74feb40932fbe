import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '@benchside/db/open-database';
import { openTestDatabase } from '@benchside/db/test-database';
import { loadConfig } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { createMailer, type Mailer } from '@benchside/server/mail/mailer';
import { createObjectStorage, type ObjectStorage } from '@benchside/server/storage/object-storage';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApiApp } from '../src/app.ts';

const SECRET_CAUSE = 'connect ECONNREFUSED 10.9.9.9:9000 (https://key:s3cr3t@bucket.internal)';

describe('readiness (GET /api/ready)', () => {
  let database: DatabaseHandle | undefined;
  let mailer: Mailer | undefined;
  let app: App | undefined;
  let dataDir: string | undefined;

  /** The API on its configured file storage, whose readiness check `storageCheck` may replace. */
  async function buildApp(storageCheck?: ObjectStorage['check']): Promise<App> {
    dataDir = await mkdtemp(join(tmpdir(), 'benchside-ready-'));
    const config = loadConfig({ NODE_ENV: 'test', BENCHSIDE_DEMO: '1', DATA_DIR: dataDir });
    const storage = await createObjectStorage(config);
    database = await openTestDatabase();
    mailer = await createMailer(config);
    app = await buildApiApp({
      config,
      db: database.db,
      mailer,
      storage: storageCheck ? { ...storage, check: storageCheck } : storage,
    });
    return app;
  }

  afterEach(async () => {
    await app?.close();
    await mailer?.close();
    await database?.close();
    app = undefined;
    mailer = undefined;
    database = undefined;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('answers 200 naming each check when the database and the file storage answer', async () => {
    const ready = await buildApp();
    const response = await ready.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('answers 503 naming the failed check, without its cause, while /api/health stays alive', async () => {
    const notReady = await buildApp(() => Promise.reject(new Error(SECRET_CAUSE)));
    const response = await notReady.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Not ready: storage',
      checks: { database: 'ok', storage: 'failed' },
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|s3cr3t|10\.9\.9\.9|\bat .+\(/);
    expect((await notReady.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const notReady = await buildApp();
    await database?.close();
    database = undefined;
    const response = await notReady.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Not ready: database',
      checks: { database: 'failed', storage: 'ok' },
    });
  });

  it('counts a check that hangs as failed after its time-out', async () => {
    const notReady = await buildApp(() => new Promise(() => {}));
    const started = performance.now();
    const response = await notReady.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ checks: { database: 'ok', storage: 'failed' } });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
