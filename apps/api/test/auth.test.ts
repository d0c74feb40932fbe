import { currentUserSchema } from '@benchside/contracts/auth';
import {
  hashSessionToken,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from '@benchside/server/sessions';
import {
  createUser,
  postJson,
  type RunningApi,
  sessionCookie,
  startApi,
} from '@benchside/test-kit/start-api';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const ALICE = {
  username: 'alice',
  email: 'Alice@Example.test',
  password: 'Correct#Horse1',
  name: 'Alice Smith',
};

describe('sign-in, current user and sign-out', () => {
  let api: RunningApi;
  let aliceId: string;

  beforeAll(async () => {
    api = await startApi();
    aliceId = await createUser(api.db, ALICE);
    await createUser(api.db, {
      username: 'newbie',
      email: 'newbie@example.test',
      password: 'Newbie#Pass1',
      verified: false,
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const login = (username: string, password: string, headers?: Record<string, string>) =>
    postJson(`${api.url}/api/login`, { username, password }, headers);
  const me = (cookie?: string) => fetch(`${api.url}/api/me`, cookie ? { headers: { cookie } } : {});

  it('answers 401 Unauthorized on /api/me when signed out', async () => {
    const response = await me();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('signs in with the username, sets an HttpOnly SameSite=Lax cookie and then knows the user', async () => {
    const response = await login('alice', ALICE.password);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ '2fa': false });
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/bs_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const current = await me(sessionCookie(response));
    expect(current.status).toBe(200);
    const body = await current.json();
    expect(currentUserSchema.strict().parse(body)).toEqual({
      id: aliceId,
      username: 'alice',
      email: 'Alice@Example.test',
      profile: { name: 'Alice Smith', company: '', phone: '', country: '' },
      userPortal2fa: false,
      language: 'en',
      expiryReminderEmails: true,
      watchDigestEmails: false,
    });
  });

  it('signs in with the e-mail address in any letter case', async () => {
    const response = await login('ALICE@example.TEST', ALICE.password);
    expect(response.status).toBe(200);
    expect(sessionCookie(response)).toBeDefined();
  });

  it('tells concurrent requests of different users apart (session lookups are batched)', async () => {
    const bobId = await createUser(api.db, {
      username: 'bob',
      email: 'bob@example.test',
      password: 'Bob#Password1',
    });
    const aliceCookie = sessionCookie(await login('alice', ALICE.password));
    const bobCookie = sessionCookie(await login('bob', 'Bob#Password1'));
    const cookies = [aliceCookie, bobCookie, 'bs_session=unknown', aliceCookie, bobCookie];
    const responses = await Promise.all(cookies.map((cookie) => me(cookie)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 401, 200, 200]);
    const ids = await Promise.all(
      responses.map(async (response) =>
        response.ok ? ((await response.json()) as { id: string }).id : null,
      ),
    );
    expect(ids).toEqual([aliceId, bobId, null, aliceId, bobId]);
  });

  it('answers the same 400 for a wrong password and an unknown user, and sets no cookie', async () => {
    const wrongPassword = await login('alice', 'Wrong#Horse1');
    const unknownUser = await login('nobody', 'Wrong#Horse1');
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'The login detail is incorrect' });
      expect(sessionCookie(response)).toBeUndefined();
    }
  });

  it('refuses an unverified account with isVerified false, only once the password is right', async () => {
    const response = await login('newbie', 'Newbie#Pass1');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Your account is not verified. Please check your email.',
      isVerified: false,
    });
    expect(sessionCookie(response)).toBeUndefined();

    const wrong = await login('newbie', 'Wrong#Pass1');
    expect(await wrong.json()).toEqual({ message: 'The login detail is incorrect' });
  });

  it('ends the session on sign-out: replaying the old cookie gives 401', async () => {
    const cookie = sessionCookie(await login('alice', ALICE.password));
    expect((await me(cookie)).status).toBe(200);

    const logout = await fetch(`${api.url}/api/logout`, { headers: { cookie: cookie ?? '' } });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().join('\n')).toMatch(/bs_session=;.*Expires=Thu, 01 Jan 1970/i);

    expect((await me(cookie)).status).toBe(401);
  });

  it('rotates the session at sign-in: a cookie planted before does not survive', async () => {
    const planted = sessionCookie(await login('alice', ALICE.password));
    const fresh = sessionCookie(await login('alice', ALICE.password, { cookie: planted ?? '' }));
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(planted);
    expect((await me(planted)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const cookie = sessionCookie(await login('alice', ALICE.password)) ?? '';
    const token = cookie.slice('bs_session='.length);
    const rows = await api.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  const ageSession = async (cookie: string, changes: { last_seen_at?: Date; expires_at?: Date }) => {
    const tokenHash = hashSessionToken(cookie.slice('bs_session='.length));
    await api.db.updateTable('sessions').set(changes).where('token_hash', '=', tokenHash).execute();
  };

  it('ends a session nobody used for the idle timeout (7 days)', async () => {
    const cookie = sessionCookie(await login('alice', ALICE.password)) ?? '';
    await ageSession(cookie, { last_seen_at: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS + 60_000) });
    expect((await me(cookie)).status).toBe(200);
    await ageSession(cookie, { last_seen_at: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 60_000) });
    expect((await me(cookie)).status).toBe(401);
  });

  it('writes when a session was last used once it is due, for requests that arrive together too', async () => {
    const cookie = sessionCookie(await login('alice', ALICE.password)) ?? '';
    const tokenHash = hashSessionToken(cookie.slice('bs_session='.length));
    const idleSince = new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS + 60_000);
    await ageSession(cookie, { last_seen_at: idleSince });
    const usedAt = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => me(cookie)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const { last_seen_at } = await api.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirstOrThrow();
    expect(last_seen_at.getTime()).toBeGreaterThanOrEqual(usedAt - 1000);
    // Used a minute before its idle timeout, the session now lasts another seven days.
    vi.useFakeTimers({ toFake: ['Date'], now: usedAt + SESSION_IDLE_TIMEOUT_MS - 60_000 });
    try {
      expect((await me(cookie)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sees a session ended by any statement at the next request, the embedded database keeping sessions in memory or not (decision 156)', async () => {
    const endings = [
      () => api.db.deleteFrom('sessions').execute(),
      () => sql`with ended as (delete from sessions returning 1) select count(*) from ended`.execute(api.db),
      () => sql`truncate sessions`.execute(api.db),
      () => api.db.deleteFrom('users').where('username', '=', 'carol').execute(),
    ];
    for (const end of endings) {
      await createUser(api.db, { username: 'carol', email: 'carol@example.test', password: 'Carol#Pass1' });
      const cookie = sessionCookie(await login('carol', 'Carol#Pass1')) ?? '';
      expect((await me(cookie)).status).toBe(200);
      expect((await me(cookie)).status).toBe(200);
      await end();
      expect((await me(cookie)).status).toBe(401);
      await api.db.deleteFrom('users').where('username', '=', 'carol').execute();
    }
  });

  it('knows the session in a Cookie header of many cookies, short or long, every time it is sent', async () => {
    const cookie = sessionCookie(await login('alice', ALICE.password)) ?? '';
    const short = `theme=dark; ${cookie}; bs_signed_in=1`;
    const long = `${'analytics=x'.repeat(60)}; ${cookie}`;
    for (const header of [short, short, long, long]) {
      expect(await (await me(header)).json()).toMatchObject({ username: 'alice' });
    }
    await fetch(`${api.url}/api/logout`, { headers: { cookie } });
    for (const header of [short, long]) expect((await me(header)).status).toBe(401);
  });

  it('shows a change to the user at the next request', async () => {
    const cookie = sessionCookie(await login('alice', ALICE.password)) ?? '';
    expect(await (await me(cookie)).json()).toMatchObject({ profile: { name: 'Alice Smith' } });
    await api.db.updateTable('users').set({ name: 'Alice Jones' }).where('id', '=', aliceId).execute();
    expect(await (await me(cookie)).json()).toMatchObject({ profile: { name: 'Alice Jones' } });
    await api.db.updateTable('users').set({ name: ALICE.name }).where('id', '=', aliceId).execute();
  });

  describe('as the clock moves, with no change to the session', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('ends a session in use at the idle timeout, and every one at the absolute timeout', async () => {
      const cookie = sessionCookie(await login('alice', ALICE.password)) ?? '';
      expect((await me(cookie)).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_IDLE_TIMEOUT_MS + 60_000 });
      expect((await me(cookie)).status).toBe(401);

      vi.useRealTimers();
      const active = sessionCookie(await login('alice', ALICE.password)) ?? '';
      expect((await me(active)).status).toBe(200);
      await ageSession(active, { last_seen_at: new Date(Date.now() + SESSION_ABSOLUTE_TIMEOUT_MS) });
      expect((await me(active)).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_ABSOLUTE_TIMEOUT_MS + 60_000 });
      expect((await me(active)).status).toBe(401);
    });
  });

  it('ends every session at the absolute timeout (30 days), however active', async () => {
    expect(SESSION_ABSOLUTE_TIMEOUT_MS).toBe(30 * 24 * 60 * 60 * 1000);
    const cookie = sessionCookie(await login('alice', ALICE.password)) ?? '';
    await ageSession(cookie, { expires_at: new Date(Date.now() - 1000) });
    expect((await me(cookie)).status).toBe(401);
  });

  it('refuses a state-changing call from a foreign origin with 403', async () => {
    const response = await login('alice', ALICE.password, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-origin request refused' });
    const sameOrigin = await login('alice', ALICE.password, { origin: api.config.publicOrigin });
    expect(sameOrigin.status).toBe(200);
  });
});
