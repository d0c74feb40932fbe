import { login, signIn } from '@benchside/test-kit/sign-in';
import {
  createUser,
  postJson,
  type RunningApi,
  sessionCookie,
  startApi,
} from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, codeIn, errorOf, expireTokens, lastMailTo, me, userOf } from './accounts-helpers.ts';

const JOE = { username: 'joe', email: 'joe@example.test', password: 'Joe#Bench2026', name: 'Joe Fixit' };

describe('sign-in with an e-mailed code (two-factor)', () => {
  let api: RunningApi;
  let joeId: string;
  beforeAll(async () => {
    api = await startApi();
    joeId = await createUser(api.db, JOE);
    // Turned on the way the settings page does it.
    const cookie = await signIn(api, JOE.username, JOE.password);
    const patch = await call(api, 'PATCH', `/api/users/edit/${joeId}`, {
      cookie,
      body: { userPortal2fa: true },
      contentType: 'application/merge-patch+json',
    });
    expect(patch.status).toBe(200);
    expect((await userOf(patch)).userPortal2fa).toBe(true);
  });
  // Each test signs in afresh; the per-account limits on code mails and wrong codes would otherwise
  // add up across the file as if all of it happened within one quarter of an hour.
  beforeEach(async () => {
    await api.db.deleteFrom('rate_limits').execute();
  });
  afterAll(async () => {
    await api.close();
  });

  /** Signs in with the password; returns the challenge hash and the e-mailed code. */
  async function startChallenge(headers?: Record<string, string>) {
    const response = await login(api, JOE.username, JOE.password, headers);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { '2fa': boolean; hash: string };
    expect(body['2fa']).toBe(true);
    expect(sessionCookie(response)).toBeUndefined();
    const mail = await lastMailTo(api, JOE.email);
    return { hash: body.hash, code: codeIn(mail), mail };
  }
  const verify = (hash: string, code: string, headers?: Record<string, string>) =>
    postJson(`${api.url}/api/user-verify-code/verify/`, { hash, code }, headers);
  const resend = (hash: string) => postJson(`${api.url}/api/user-verify-code/add/`, { hash });

  it('answers {2fa: true, hash} without a session, mails a 6-digit code, and the code signs in', async () => {
    const { hash, code, mail } = await startChallenge();
    expect(hash).toMatch(/^[\w-]{43}$/);
    expect(mail.subject).toBe('Your Benchside sign-in code');
    expect(mail.html).toContain(code);
    expect(
      await api.db.selectFrom('sessions').select('user_id').where('user_id', '=', joeId).execute(),
    ).toHaveLength(
      1, // only the one from beforeAll
    );

    const planted = await signInPlanted();
    const response = await verify(hash, code, { cookie: planted });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ '2fa': false });
    const cookie = sessionCookie(response);
    expect(cookie).toBeDefined();
    expect(cookie).not.toBe(planted);
    expect((await me(api, planted)).status).toBe(401);
    const current = await me(api, cookie);
    expect((await userOf(current)).username).toBe('joe');

    // Single use.
    const again = await verify(hash, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: 'Invalid confirmation code' });
  });

  /** A session cookie the browser held before the code was entered (another sign-in of the user). */
  async function signInPlanted(): Promise<string> {
    const other = await createUser(api.db, {
      username: `planted${Date.now()}`,
      email: `planted${Date.now()}@example.test`,
      password: 'Planted#2026',
    });
    const row = await api.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    return signIn(api, row.username, 'Planted#2026');
  }

  it("refuses a wrong code with 'Invalid confirmation code' and kills the challenge after 5 wrong tries", async () => {
    const { hash, code } = await startChallenge();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await verify(hash, wrong);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Invalid confirmation code' });
    }
    const right = await verify(hash, code);
    expect(right.status).toBe(400);
    expect(await right.json()).toEqual({ message: 'Invalid confirmation code' });
    expect(sessionCookie(right)).toBeUndefined();
    // A dead challenge cannot ask for a new code either.
    expect(await (await resend(hash)).json()).toEqual({ message: 'Something went wrong, please try again.' });
  });

  it('counts at most 5 tries even when 10 wrong codes arrive at once', async () => {
    const { hash, code } = await startChallenge();
    const wrong = code === '000000' ? '111111' : '000000';
    const burst = await Promise.all(Array.from({ length: 10 }, () => verify(hash, wrong)));
    expect(burst.map((response) => response.status)).toEqual(Array(10).fill(400));
    const row = await api.db
      .selectFrom('one_time_tokens')
      .select('attempts')
      .where('kind', '=', 'two_factor')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await verify(hash, code)).status).toBe(400);
  });

  it('resends: a new hash and code, the old hash is dead', async () => {
    const first = await startChallenge();
    const response = await resend(first.hash);
    expect(response.status).toBe(200);
    const { hash } = (await response.json()) as { hash: string };
    expect(hash).not.toBe(first.hash);
    const code = codeIn(await lastMailTo(api, JOE.email));

    expect(await (await resend(first.hash)).json()).toEqual({
      message: 'Something went wrong, please try again.',
    });
    expect((await verify(first.hash, first.code)).status).toBe(400);
    const signedIn = await verify(hash, code);
    expect(signedIn.status).toBe(200);
    expect(sessionCookie(signedIn)).toBeDefined();
  });

  it("answers 'Something went wrong, please try again.' to a resend without a valid hash", async () => {
    const response = await resend('not-a-real-hash');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Something went wrong, please try again.' });
  });

  it('refuses a code after 10 minutes', async () => {
    const { hash, code } = await startChallenge();
    await expireTokens(api, 'two_factor');
    const response = await verify(hash, code);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Invalid confirmation code' });
  });

  it('validates the code field with the spec messages', async () => {
    const { hash } = await startChallenge();
    const empty = await verify(hash, '');
    expect((await errorOf(empty)).violations).toEqual([
      { propertyPath: 'code', message: 'Confirmation code is required' },
    ]);
    expect((await verify(hash, '1234567')).status).toBe(400);
  });

  it('writes wrong codes and the final sign-in to the login history', async () => {
    await api.db.deleteFrom('login_logs').execute();
    const { hash, code } = await startChallenge();
    await verify(hash, code === '000000' ? '111111' : '000000');
    const cookie = sessionCookie(await verify(hash, code));
    const logs = await call(api, 'GET', '/api/user-login-logs?order[loginAt]=asc', { cookie });
    const body = (await logs.json()) as { member: { success: boolean }[] };
    expect(body.member.map((entry) => entry.success)).toEqual([false, true]);
  });
});
