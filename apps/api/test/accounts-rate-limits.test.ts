import { login, signIn } from '@benchside/test-kit/sign-in';
import { createUser, postJson, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const OLA = { username: 'ola', email: 'Ola@Example.test', password: 'Ola#Bench2026' };

describe('rate limits, kept in the database', () => {
  let api: RunningApi;
  let olaId: string;
  beforeAll(async () => {
    api = await startApi();
    olaId = await createUser(api.db, OLA);
    await createUser(api.db, {
      username: 'pia',
      email: 'pia@example.test',
      password: 'Pia#Bench2026',
      verified: false,
    });
  });
  beforeEach(async () => {
    await api.db.deleteFrom('rate_limits').execute();
  });
  afterAll(async () => {
    await api.close();
  });

  /** Puts a counter where this many hits of the current window would have left it. */
  async function alreadyCounted(key: string, count: number) {
    await api.db.insertInto('rate_limits').values({ key, window_start: new Date(), count }).execute();
  }

  /** A 429 whose Retry-After points at the end of the rule's window (15 minutes unless told). */
  function expect429(response: Response, windowSeconds = 15 * 60) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }

  it('limits sign-in per account: username, e-mail and their case variants share one counter', async () => {
    await alreadyCounted(`login-account:${olaId}`, 7);
    for (const name of ['ola', 'OLA', 'ola@example.TEST']) {
      expect((await login(api, name, 'Wrong#Bench2026')).status).toBe(400);
    }
    const blocked = await login(api, 'Ola@Example.test', OLA.password);
    expect429(blocked);
    expect(await blocked.json()).toEqual({ message: 'Too many requests, please try again later.' });
  });

  it('limits unknown usernames the same way, so a 429 tells nothing about existence', async () => {
    await alreadyCounted('login-account:ghost', 10);
    expect429(await login(api, 'GHOST', 'Wrong#Bench2026'));
  });

  it('limits sign-in per IP address', async () => {
    await alreadyCounted('login-ip:127.0.0.1', 50);
    expect429(await login(api, 'someone-new', 'Wrong#Bench2026'));
  });

  it('opens again once the window has passed', async () => {
    await api.db
      .insertInto('rate_limits')
      .values({
        key: `login-account:${olaId}`,
        window_start: new Date(Date.now() - 16 * 60 * 1000),
        count: 99,
      })
      .execute();
    expect((await login(api, OLA.username, OLA.password)).status).toBe(200);
  });

  it('takes a right password back from the counters', async () => {
    await alreadyCounted(`login-account:${olaId}`, 9);
    await signIn(api, OLA.username, OLA.password);
    const rows = await api.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.find((row) => row.key === `login-account:${olaId}`)).toBeUndefined();
    expect(rows.find((row) => row.key === 'login-ip:127.0.0.1')?.count).toBe(0);
  });

  it('counts every hit of a parallel burst', async () => {
    await alreadyCounted('login-account:burst', 5);
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(api, 'burst', 'Wrong#Bench2026')));
    expect(burst.filter((response) => response.status === 429)).toHaveLength(3);
  });

  it('limits code checks per IP address', async () => {
    await alreadyCounted('code-ip:127.0.0.1', 30);
    expect429(await postJson(`${api.url}/api/user-verify-code/verify/`, { hash: 'x', code: '123456' }));
  });

  it('limits every e-mail-sending call per address and per IP', async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await postJson(`${api.url}/api/reset-password`, { email: 'pia@example.test' })).status).toBe(
        200,
      );
    }
    expect429(await postJson(`${api.url}/api/reset-password`, { email: 'PIA@example.test' }));
    for (let index = 0; index < 5; index += 1) {
      expect((await postJson(`${api.url}/api/new-verify/email`, { email: 'pia@example.test' })).status).toBe(
        200,
      );
    }
    expect429(await postJson(`${api.url}/api/new-verify/email`, { email: 'pia@example.test' }));

    await api.db.deleteFrom('rate_limits').execute();
    await alreadyCounted('mail-ip:127.0.0.1', 50);
    expect429(await postJson(`${api.url}/api/reset-password`, { email: 'someone@example.test' }), 3600);
    expect429(
      await postJson(`${api.url}/api/register`, {
        username: 'quinn',
        email: 'quinn@example.test',
        plainPassword: 'Quinn#2026',
        confirmPassword: 'Quinn#2026',
        acceptTerms: true,
      }),
      3600,
    );
    expect429(await postJson(`${api.url}/api/user-verify-code/add/`, { hash: 'x' }), 3600);
  });

  it('limits current-password checks of a signed-in user', async () => {
    const cookie = await signIn(api, OLA.username, OLA.password);
    await alreadyCounted(`password-check:${olaId}`, 10);
    const response = await fetch(`${api.url}/api/users/change-password`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ password: OLA.password, newPassword: 'Next#Bench2026' }),
    });
    expect429(response);
  });
});

describe('no enumeration at sign-in', () => {
  let api: RunningApi;
  beforeAll(async () => {
    // Timed at production's cost, where the hash is what a sign-in's time is made of.
    api = await startApi({ passwordCost: 'production' });
    await createUser(api.db, OLA);
    await createUser(api.db, {
      username: 'pia',
      email: 'pia@example.test',
      password: 'Pia#Bench2026',
      verified: false,
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('takes as long for an unknown user as for a wrong password or an unverified account', async () => {
    const timeOf = async (username: string, password: string) => {
      const started = performance.now();
      const response = await login(api, username, password);
      expect(response.status).toBe(400);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const wrongPassword: number[] = [];
    const unknownUser: number[] = [];
    const unverified: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      wrongPassword.push(await timeOf(OLA.username, 'Wrong#Bench2026'));
      unknownUser.push(await timeOf(`nobody${round}`, 'Wrong#Bench2026'));
      unverified.push(await timeOf('pia', 'Pia#Bench2026'));
    }
    const medians = [median(wrongPassword), median(unknownUser), median(unverified)];
    // Each includes one scrypt hash (~0.3-1 s); a skipped hash would make one of them ~100 times faster.
    expect(Math.max(...medians) / Math.min(...medians)).toBeLessThan(2);
  });
});
