import { loginLogEntrySchema } from '@benchside/contracts/accounts';
import { collectionSchema } from '@benchside/contracts/common';
import { login } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, sessionCookie, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const OLA = { username: 'ola', email: 'ola@example.test', password: 'Ola#Bench2026' };
const CLIENT = '203.0.113.7';
const OTHER_CLIENT = '198.51.100.9';

/** The address the login history shows for a sign-in made with these headers. */
async function loggedAddressOf(
  api: RunningApi,
  headers: Record<string, string>,
): Promise<string | undefined> {
  const response = await login(api, OLA.username, OLA.password, headers);
  expect(response.status).toBe(200);
  const cookie = sessionCookie(response);
  const history = await fetch(`${api.url}/api/user-login-logs`, { headers: cookie ? { cookie } : {} });
  return collectionSchema(loginLogEntrySchema).parse(await history.json()).member[0]?.ip;
}

/** Fills the sign-in counter of one address, as 50 attempts in this window would have. */
async function exhaustLoginLimitOf(api: RunningApi, address: string): Promise<void> {
  await api.db
    .insertInto('rate_limits')
    .values({ key: `login-ip:${address}`, window_start: new Date(), count: 50 })
    .execute();
}

describe('client address behind a reverse proxy (TRUST_PROXY)', () => {
  describe('TRUST_PROXY unset: nobody is trusted', () => {
    let api: RunningApi;
    beforeAll(async () => {
      api = await startApi();
      await createUser(api.db, OLA);
    });
    beforeEach(async () => {
      await api.db.deleteFrom('rate_limits').execute();
    });
    afterAll(async () => {
      await api.close();
    });

    it('a spoofed X-Forwarded-For does not escape the sign-in limit of the real address', async () => {
      await exhaustLoginLimitOf(api, '127.0.0.1');
      const spoofed = await login(api, 'someone', 'Wrong#Bench2026', { 'x-forwarded-for': CLIENT });
      expect(spoofed.status).toBe(429);
      const keys = (await api.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
      expect(keys).not.toContain(`login-ip:${CLIENT}`);
    });

    it('the login history records the peer address, not a spoofed X-Forwarded-For', async () => {
      expect(await loggedAddressOf(api, { 'x-forwarded-for': CLIENT })).toBe('127.0.0.1');
    });
  });

  describe('TRUST_PROXY=127.0.0.1: the proxy on this host is trusted', () => {
    let api: RunningApi;
    beforeAll(async () => {
      api = await startApi({ env: { TRUST_PROXY: '127.0.0.1' } });
      await createUser(api.db, OLA);
    });
    beforeEach(async () => {
      await api.db.deleteFrom('rate_limits').execute();
    });
    afterAll(async () => {
      await api.close();
    });

    it('two forwarded clients get separate sign-in limits', async () => {
      await exhaustLoginLimitOf(api, CLIENT);
      const limited = await login(api, 'someone', 'Wrong#Bench2026', { 'x-forwarded-for': CLIENT });
      expect(limited.status).toBe(429);
      const other = await login(api, 'someone', 'Wrong#Bench2026', { 'x-forwarded-for': OTHER_CLIENT });
      expect(other.status).toBe(400);
    });

    it('the login history shows the forwarded client address', async () => {
      expect(await loggedAddressOf(api, { 'x-forwarded-for': CLIENT })).toBe(CLIENT);
    });

    it('believes only the address the trusted proxy appended, not one the client put before it', async () => {
      const forwarded = `10.6.6.6, ${OTHER_CLIENT}`;
      expect(await loggedAddressOf(api, { 'x-forwarded-for': forwarded })).toBe(OTHER_CLIENT);
    });
  });
});
