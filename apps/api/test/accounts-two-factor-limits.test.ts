import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, codeIn, lastMailTo, mailsTo } from './accounts-helpers.ts';

const KAI = { username: 'kai', email: 'kai@example.test', password: 'Kai#Bench2026', name: 'Kai Tran' };
const LOCKED_MESSAGE = 'Too many wrong confirmation codes for this account. Please try again later.';
const LOCKED_SUBJECT = 'Sign-in codes for your account are blocked';
const HOUR_SECONDS = 60 * 60;

/**
 * An attacker who knows Kai's password: every request comes from another address, so only the
 * per-account limits can stop the guessing.
 */
describe('two-factor codes limited per account, whatever the address (issue 15, item 3)', () => {
  let api: RunningApi;
  let kaiId: string;
  let nextAddress = 0;
  beforeAll(async () => {
    api = await startApi();
    kaiId = await createUser(api.db, KAI);
    const cookie = await signIn(api, KAI.username, KAI.password);
    const patch = await call(api, 'PATCH', `/api/users/edit/${kaiId}`, {
      cookie,
      body: { userPortal2fa: true },
      contentType: 'application/merge-patch+json',
    });
    expect(patch.status).toBe(200);
  });
  beforeEach(async () => {
    await api.db.deleteFrom('rate_limits').execute();
    await api.db.deleteFrom('one_time_tokens').execute();
  });
  afterAll(async () => {
    await api.close();
  });

  /** A POST from a new client address each time (documentation range, RFC 5737). */
  async function postFromNewAddress(url: string, payload: object) {
    nextAddress += 1;
    const response = await api.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `198.51.100.${nextAddress % 250}`,
    });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  }

  async function startChallenge() {
    const response = await postFromNewAddress('/api/login', {
      username: KAI.username,
      password: KAI.password,
    });
    expect(response.status).toBe(200);
    const { hash } = response.body as { hash: string };
    return { hash, code: codeIn(await lastMailTo(api, KAI.email)) };
  }

  const verify = (hash: string, code: string) =>
    postFromNewAddress('/api/user-verify-code/verify/', { hash, code });
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  /** Spends `count` wrong codes, on fresh challenges of at most 5 tries each. */
  async function wrongCodes(count: number) {
    for (let spent = 0; spent < count; ) {
      const { hash, code } = await startChallenge();
      for (let tries = 0; tries < 5 && spent < count; tries += 1, spent += 1) {
        expect((await verify(hash, wrongCodeFor(code))).status).toBe(400);
      }
    }
  }

  function expectLocked(response: { status: number; headers: Record<string, unknown>; body: unknown }) {
    expect(response.status).toBe(429);
    expect(response.body).toEqual({ message: LOCKED_MESSAGE });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(HOUR_SECONDS - 120);
    expect(retryAfter).toBeLessThanOrEqual(HOUR_SECONDS);
  }

  const lockoutWarnings = async () =>
    (await mailsTo(api, KAI.email)).filter((mail) => mail.subject === LOCKED_SUBJECT);

  it('refuses code entry, new challenges and new codes after 10 wrong codes across challenges, and warns the owner once', async () => {
    const warningsBefore = (await lockoutWarnings()).length;
    await wrongCodes(9);
    // The 10th wrong code, on a fresh challenge that stays alive.
    const latest = await startChallenge();
    expect((await verify(latest.hash, wrongCodeFor(latest.code))).status).toBe(400);

    expectLocked(await verify(latest.hash, latest.code));
    expectLocked(await postFromNewAddress('/api/user-verify-code/add/', { hash: latest.hash }));
    expectLocked(await postFromNewAddress('/api/login', { username: KAI.username, password: KAI.password }));
    expectLocked(await verify(latest.hash, wrongCodeFor(latest.code)));

    const warnings = await lockoutWarnings();
    expect(warnings).toHaveLength(warningsBefore + 1);
    expect(warnings[0]?.text).toContain('Hello Kai Tran,');
    expect(warnings[0]?.text).toContain('/auth/forgot-password');
  });

  it('is not refunded by a right password: the 10th wrong code locks even after a fresh sign-in', async () => {
    await wrongCodes(9);
    const { hash, code } = await startChallenge();
    expect((await verify(hash, wrongCodeFor(code))).status).toBe(400);
    expectLocked(await verify(hash, code));
  });

  it('lets the owner in before the limit, and a right code is not counted as a failure', async () => {
    await wrongCodes(9);
    const { hash, code } = await startChallenge();
    const signedIn = await verify(hash, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ '2fa': false });
    const counter = await api.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `code-account:${kaiId}`)
      .executeTakeFirstOrThrow();
    expect(counter.count).toBe(9);
  });

  it('mails at most 5 codes per account in 15 minutes, sign-ins and resends together', async () => {
    const mailsBefore = (await mailsTo(api, KAI.email)).length;
    let { hash } = await startChallenge();
    for (let resends = 0; resends < 2; resends += 1) {
      const resent = await postFromNewAddress('/api/user-verify-code/add/', { hash });
      expect(resent.status).toBe(200);
      hash = (resent.body as { hash: string }).hash;
    }
    await startChallenge();
    const last = await startChallenge();

    const refusedSignIn = await postFromNewAddress('/api/login', {
      username: KAI.username,
      password: KAI.password,
    });
    const refusedResend = await postFromNewAddress('/api/user-verify-code/add/', { hash: last.hash });
    for (const refused of [refusedSignIn, refusedResend]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    expect((await mailsTo(api, KAI.email)).length).toBe(mailsBefore + 5);
    // The last code mailed still works.
    expect((await verify(last.hash, last.code)).status).toBe(200);
  });
});
