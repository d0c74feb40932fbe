import { socialAccountSchema } from '@benchside/contracts/social-auth';
import { signIn } from '@benchside/test-kit/sign-in';
import {
  createUser,
  postJson,
  type RunningApi,
  sessionCookie,
  startApi,
} from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, lastMailTo, mailsTo, me, tokenIn, userOf } from './accounts-helpers.ts';
import { type FakeProviders, startFakeProviders } from './fake-providers.ts';

const WRONG = 'Wrong#Bench2026';

/**
 * Issue 15 item 2: a stolen session must not make itself permanent. Linking a provider, unlinking
 * one and turning two-factor off need the current password, and each mails the owner a notice.
 */
describe('re-authentication for sign-in methods and two-factor (issue 15)', () => {
  let providers: FakeProviders;
  let api: RunningApi;
  beforeAll(async () => {
    providers = await startFakeProviders();
    api = await startApi({ env: providers.env });
  });
  afterAll(async () => {
    await api.close();
    await providers.close();
  });

  /** A verified account with a password, signed in; returns its id, cookie and password. */
  async function account(username: string) {
    const password = `${username[0]?.toUpperCase()}${username.slice(1)}#Bench2026`;
    const email = `${username}@example.test`;
    const id = await createUser(api.db, { username, email, password, name: username });
    return { id, email, password, cookie: await signIn(api, username, password) };
  }
  const linkGoogle = async (cookie: string, sub: string, password?: string) =>
    call(api, 'POST', '/api/social-auth/add', {
      cookie,
      body: {
        type: 'google',
        credential: await providers.google.sign({ sub }),
        ...(password ? { password } : {}),
      },
    });
  const unlink = (cookie: string, id: string, password?: string) =>
    call(api, 'DELETE', `/api/social-auth/delete/${id}`, {
      cookie,
      ...(password === undefined ? {} : { body: { password } }),
    });
  const setTwoFactor = (cookie: string, id: string, body: Record<string, unknown>) =>
    call(api, 'PATCH', `/api/users/edit/${id}`, {
      cookie,
      body,
      contentType: 'application/merge-patch+json',
    });
  const linkCount = async (userId: string) =>
    (await api.db.selectFrom('social_accounts').select('id').where('user_id', '=', userId).execute()).length;
  const expectPasswordRefused = async (response: Response, message: string) => {
    expect(response.status).toBe(400);
    const body = await errorOf(response);
    // The schema's answer names the field (`password: ...`); the handler's is the sentence alone.
    expect(body.message.endsWith(message), body.message).toBe(true);
    expect(body.violations).toEqual([{ propertyPath: 'password', message }]);
  };

  it('linking Google needs the current password: refused without it and with a wrong one, then linked and the owner mailed', async () => {
    const owen = await account('owen');
    await expectPasswordRefused(await linkGoogle(owen.cookie, 'g-owen'), 'Password is required');
    await expectPasswordRefused(
      await linkGoogle(owen.cookie, 'g-owen', WRONG),
      'The current password is incorrect',
    );
    expect(await linkCount(owen.id)).toBe(0);
    expect(await mailsTo(api, owen.email)).toEqual([]);

    const linked = await linkGoogle(owen.cookie, 'g-owen', owen.password);
    expect(linked.status, await linked.clone().text()).toBe(201);
    expect(await linkCount(owen.id)).toBe(1);
    const notice = await lastMailTo(api, owen.email);
    expect(notice.subject).toBe('Google was linked to your account');
    expect(notice.text).toContain('/auth/forgot-password');
  });

  it('unlinking needs the current password: refused without it and with a wrong one, then unlinked and the owner mailed', async () => {
    const pia = await account('pia');
    const linked = await linkGoogle(pia.cookie, 'g-pia', pia.password);
    const link = socialAccountSchema.parse(await linked.json());

    await expectPasswordRefused(await unlink(pia.cookie, link.id, ''), 'Password is required');
    expect((await unlink(pia.cookie, link.id)).status).toBe(400);
    await expectPasswordRefused(
      await unlink(pia.cookie, link.id, WRONG),
      'The current password is incorrect',
    );
    expect(await linkCount(pia.id)).toBe(1);

    expect((await unlink(pia.cookie, link.id, pia.password)).status).toBe(204);
    expect(await linkCount(pia.id)).toBe(0);
    expect((await lastMailTo(api, pia.email)).subject).toBe('Google was unlinked from your account');
  });

  it('turning two-factor off needs the current password and mails a notice; turning it on needs none', async () => {
    const quinn = await account('quinn');
    const on = await setTwoFactor(quinn.cookie, quinn.id, { userPortal2fa: true });
    expect(on.status).toBe(200);
    expect(await mailsTo(api, quinn.email)).toEqual([]);

    await expectPasswordRefused(
      await setTwoFactor(quinn.cookie, quinn.id, { userPortal2fa: false }),
      'Password is required',
    );
    await expectPasswordRefused(
      await setTwoFactor(quinn.cookie, quinn.id, { userPortal2fa: false, password: WRONG }),
      'The current password is incorrect',
    );
    expect((await userOf(await me(api, quinn.cookie))).userPortal2fa).toBe(true);

    const off = await setTwoFactor(quinn.cookie, quinn.id, {
      userPortal2fa: false,
      password: quinn.password,
    });
    expect(off.status).toBe(200);
    expect((await userOf(off)).userPortal2fa).toBe(false);
    expect((await lastMailTo(api, quinn.email)).subject).toBe('Two-factor sign-in was turned off');
  });

  it('the password checks share the current-password limit: the 11th guess in 15 minutes is a 429', async () => {
    const rosa = await account('rosa');
    await setTwoFactor(rosa.cookie, rosa.id, { userPortal2fa: true });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess =
        attempt % 2 === 0
          ? await linkGoogle(rosa.cookie, 'g-rosa', WRONG)
          : await setTwoFactor(rosa.cookie, rosa.id, { userPortal2fa: false, password: WRONG });
      expect(guess.status).toBe(400);
    }
    const blocked = await setTwoFactor(rosa.cookie, rosa.id, {
      userPortal2fa: false,
      password: rosa.password,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await userOf(await me(api, rosa.cookie))).userPortal2fa).toBe(true);
  }, 120_000);

  it('an account without a password is told to set one first, and its last way to sign in is never unlinked', async () => {
    providers.graph.issueToken('fb-token-sara', { id: 'fb-sara', name: 'Sara', email: 'sara@example.test' });
    const signedIn = await postJson(`${api.url}/api/social-auth`, {
      type: 'facebook',
      accessToken: 'fb-token-sara',
    });
    const cookie = sessionCookie(signedIn) ?? '';
    const sara = await userOf(await me(api, cookie));
    const [only] = (
      await api.db.selectFrom('social_accounts').select('id').where('user_id', '=', sara.id).execute()
    ).map((row) => row.id);

    const last = await unlink(cookie, only ?? '', 'anything');
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({
      reason: 'last-method',
      message: expect.stringMatching(/only way to sign in/),
    });
    const noPassword =
      'Your account has no password yet. Set one first (Forgot password on the sign-in page sends a link), then try again.';
    await expectPasswordRefused(await linkGoogle(cookie, 'g-sara', 'anything'), noPassword);
    expect(await linkCount(sara.id)).toBe(1);

    // With a password set through the mailed link, she can re-authenticate.
    expect((await postJson(`${api.url}/api/reset-password`, { email: 'sara@example.test' })).status).toBe(
      200,
    );
    const token = tokenIn(await lastMailTo(api, 'sara@example.test'));
    await postJson(`${api.url}/api/reset-password/reset/${token}`, { newPassword: 'Sara#Bench2026' });
    const again = await postJson(`${api.url}/api/social-auth`, {
      type: 'facebook',
      accessToken: 'fb-token-sara',
    });
    const fresh = sessionCookie(again) ?? '';
    expect((await linkGoogle(fresh, 'g-sara', 'Sara#Bench2026')).status).toBe(201);
    expect((await unlink(fresh, only ?? '', 'Sara#Bench2026')).status).toBe(204);
  });

  it("answers 404 for another user's link before asking for anything", async () => {
    const tom = await account('tom');
    const uma = await account('uma');
    const linked = await linkGoogle(uma.cookie, 'g-uma', uma.password);
    const link = socialAccountSchema.parse(await linked.json());
    expect((await unlink(tom.cookie, link.id, tom.password)).status).toBe(404);
    expect(await linkCount(uma.id)).toBe(1);
  });
});
