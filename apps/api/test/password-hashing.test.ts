import { PASSWORD_HASHING_LIMIT, passwordHashing } from '@benchside/server/passwords';
import { login } from '@benchside/test-kit/sign-in';
import { createUser, postJson, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastMailTo, tokenIn } from './accounts-helpers.ts';

const LEA = { username: 'lea', email: 'lea@example.test', password: 'Lea#Bench2026' };

/** Issue 15, item 4: password hashing (scrypt, 128 MiB each) can never starve the server. */
describe('password hashing, bounded server-wide', () => {
  let api: RunningApi;
  beforeAll(async () => {
    // The flood has to outlast the half second it is given to fill the bound: production's cost.
    api = await startApi({ passwordCost: 'production' });
    await createUser(api.db, LEA);
  });
  beforeEach(async () => {
    await api.db.deleteFrom('rate_limits').execute();
  });
  afterAll(async () => {
    await api.close();
  });

  const reset = (token: string, newPassword = 'Next#Bench2026') =>
    postJson(`${api.url}/api/reset-password/reset/${encodeURIComponent(token)}`, { newPassword });
  const hashesStarted = () => passwordHashing.stats().started;

  it('answers bogus reset links with 400 without hashing their new passwords', async () => {
    const before = hashesStarted();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => reset(`bogus-token-${index}`)),
    );
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'The reset password link is invalid. Please try to reset your password again.',
      });
    }
    expect(hashesStarted()).toBe(before);
  });

  it('refuses reset links past 20 per address and 15 minutes with 429, before looking them up or hashing', async () => {
    expect((await postJson(`${api.url}/api/reset-password`, { email: LEA.email })).status).toBe(200);
    const token = tokenIn(await lastMailTo(api, LEA.email));
    for (let index = 0; index < 20; index += 1) expect((await reset(`bogus-${index}`)).status).toBe(400);
    const before = hashesStarted();
    const refused = await reset(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(hashesStarted()).toBe(before);
    // The link still works once the window has passed.
    await api.db.deleteFrom('rate_limits').execute();
    expect((await reset(token)).status).toBe(200);
    expect(hashesStarted()).toBe(before + 1);
  });

  it('keeps /api/health and file reads answering while sign-ins flood the hashing, and turns the excess away with 503', async () => {
    const accepted = PASSWORD_HASHING_LIMIT.concurrency + PASSWORD_HASHING_LIMIT.queue;
    const flood = Array.from({ length: accepted + 4 }, (_, index) =>
      login(api, `flood${index}`, 'Wrong#Bench2026'),
    );
    // Every sign-in has reached the hashing by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const timed = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${api.url}${path}`);
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    };
    // The installer's answer starts with a file-system call, which waits in libuv's thread pool
    // behind every scrypt already queued there.
    const [health, installer] = await Promise.all([
      timed('/api/health'),
      timed('/dl/helper/benchside-helper.tgz'),
    ]);

    const responses = await Promise.all(flood);
    const busy = responses.filter((response) => response.status === 503);
    expect(busy).toHaveLength(4);
    for (const response of busy) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.json()).toEqual({ message: 'The server is busy, please try again in a moment.' });
    }
    expect(responses.filter((response) => response.status === 400)).toHaveLength(accepted);
    expect(health.status).toBe(200);
    expect([200, 404]).toContain(installer.status);
    expect(health.ms).toBeLessThan(1000);
    expect(installer.ms).toBeLessThan(1000);
  }, 120_000);
});
