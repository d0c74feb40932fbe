import { collectionSchema } from '@benchside/contracts/common';
import { socialAccountSchema } from '@benchside/contracts/social-auth';
import { clientConfig, loadConfig } from '@benchside/server/config';
import { hashPassword } from '@benchside/server/passwords';
import { signIn } from '@benchside/test-kit/sign-in';
import {
  createUser,
  postJson,
  type RunningApi,
  sessionCookie,
  startApi,
} from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeIn, errorOf, lastMailTo, mailsTo, me, tokenIn, userOf } from './accounts-helpers.ts';
import { type FakeGoogle, type FakeProviders, startFakeProviders } from './fake-providers.ts';

describe('sign-in with Google and Facebook', () => {
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

  const socialAuth = (body: unknown, headers?: Record<string, string>) =>
    postJson(`${api.url}/api/social-auth`, body, headers);
  const withGoogle = async (
    claims: Parameters<FakeGoogle['sign']>[0],
    options?: Parameters<FakeGoogle['sign']>[1],
  ) => socialAuth({ type: 'google', credential: await providers.google.sign(claims, options) });
  const findUser = (email: string) =>
    api.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const linksOf = async (cookie: string) => {
    const response = await call(api, 'GET', '/api/social-auth', { cookie });
    expect(response.status).toBe(200);
    return collectionSchema(socialAccountSchema).parse(await response.json());
  };

  describe('Google', () => {
    it('a good ID token with a confirmed new address creates the account and signs in', async () => {
      const response = await withGoogle({
        sub: 'g-ann',
        email: 'Ann.Smith@example.test',
        email_verified: true,
        name: 'Ann Smith',
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ '2fa': false });
      const cookie = sessionCookie(response);
      const user = await userOf(await me(api, cookie));
      expect(user).toMatchObject({
        email: 'Ann.Smith@example.test',
        username: 'ann.smith',
        profile: { name: 'Ann Smith' },
      });
      // The next sign-in finds the same account by Google's subject, not by the address.
      const again = await withGoogle({ sub: 'g-ann', email: 'ann.new@example.test', email_verified: true });
      expect(again.status).toBe(200);
      expect((await userOf(await me(api, sessionCookie(again)))).id).toBe(user.id);
      const links = await linksOf(cookie ?? '');
      expect(links.member).toMatchObject([
        { type: 'google', email: 'Ann.Smith@example.test', name: 'Ann Smith' },
      ]);
    });

    it('refuses a token for another audience, an expired one, a bad signature and a foreign issuer (400)', async () => {
      const claims = { sub: 'g-mallory', email: 'mallory@example.test', email_verified: true };
      for (const options of [
        { audience: 'someone-else.apps.googleusercontent.com' },
        { expiresAt: new Date(Date.now() - 60_000) },
        { foreignKey: true },
        { issuer: 'https://evil.example.test' },
      ]) {
        const response = await withGoogle(claims, options);
        expect(response.status, JSON.stringify(options)).toBe(400);
        expect((await errorOf(response)).message).toBe('The Google sign-in could not be verified.');
        expect(sessionCookie(response)).toBeUndefined();
      }
      const garbage = await socialAuth({ type: 'google', credential: 'not-a-jwt' });
      expect(garbage.status).toBe(400);
      expect(
        await api.db.selectFrom('users').select('id').where('email', '=', 'mallory@example.test').execute(),
      ).toEqual([]);
    });

    it('an address matching an existing account never signs in to it: 406 says to link it from the settings', async () => {
      await createUser(api.db, { username: 'bob', email: 'bob@example.test', password: 'Bob#Bench2026' });
      const response = await withGoogle({ sub: 'g-bob', email: 'BOB@example.test', email_verified: true });
      expect(response.status).toBe(406);
      const body = (await response.json()) as { reason: string; message: string };
      expect(body).toMatchObject({ reason: 'email-taken' });
      expect(body.message).toMatch(/already exists.*link Google under Account Settings/);
      expect(sessionCookie(response)).toBeUndefined();
    });

    it('without a confirmed address (email_verified false, or none) answers 412; a typed address gets a link first', async () => {
      const unconfirmed = await withGoogle({
        sub: 'g-cleo',
        email: 'cleo@example.test',
        email_verified: false,
      });
      expect(unconfirmed.status).toBe(412);
      expect(await unconfirmed.json()).toMatchObject({ reason: 'no-email' });
      const none = await withGoogle({ sub: 'g-cleo' });
      expect(none.status).toBe(412);

      // The verifying page sends the provider data again with the address the user typed.
      const credential = await providers.google.sign({ sub: 'g-cleo', name: 'Cleo' });
      const typed = await socialAuth({ type: 'google', credential, email: 'cleo@example.test' });
      expect(typed.status).toBe(200);
      expect(await typed.json()).toMatchObject({ verificationSent: true });
      expect(sessionCookie(typed)).toBeUndefined();
      // Not usable before the link is opened: the same sign-in asks for the address again.
      expect((await withGoogle({ sub: 'g-cleo' })).status).toBe(412);

      const mail = await lastMailTo(api, 'cleo@example.test');
      expect(mail.subject).toBe('Confirm your e-mail address to sign in with Google');
      const verified = await fetch(`${api.url}/api/verify/email?token=${tokenIn(mail)}`);
      expect(verified.status).toBe(200);
      const signedIn = await withGoogle({ sub: 'g-cleo' });
      expect(signedIn.status).toBe(200);
      expect((await userOf(await me(api, sessionCookie(signedIn)))).email).toBe('cleo@example.test');
    });

    it("a typed address of someone else's account answers the same, creates nothing and tells its owner", async () => {
      await createUser(api.db, { username: 'dora', email: 'dora@example.test', password: 'Dora#Bench2026' });
      const credential = await providers.google.sign({ sub: 'g-eve' });
      const response = await socialAuth({ type: 'google', credential, email: 'dora@example.test' });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ verificationSent: true });
      expect((await lastMailTo(api, 'dora@example.test')).subject).toBe(
        'Someone tried to register with your e-mail address',
      );
      expect(
        await api.db.selectFrom('social_accounts').select('id').where('subject', '=', 'g-eve').execute(),
      ).toEqual([]);
    });

    it('a linked account with two-factor on gets the e-mailed code, as with a password', async () => {
      const id = await createUser(api.db, {
        username: 'fred',
        email: 'fred@example.test',
        password: 'Fred#Bench2026',
      });
      await api.db.updateTable('users').set({ user_portal_2fa: true }).where('id', '=', id).execute();
      await api.db
        .insertInto('social_accounts')
        .values({ user_id: id, provider: 'google', subject: 'g-fred' })
        .execute();
      const response = await withGoogle({ sub: 'g-fred', email: 'fred@example.test', email_verified: true });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { '2fa': boolean; hash: string };
      expect(body['2fa']).toBe(true);
      expect(sessionCookie(response)).toBeUndefined();
      const code = codeIn(await lastMailTo(api, 'fred@example.test'));
      const verify = await postJson(`${api.url}/api/user-verify-code/verify/`, { hash: body.hash, code });
      expect(verify.status).toBe(200);
    });
  });

  describe('Facebook', () => {
    it('checks the token with debug_token and appsecret_proof, then reads id, name and e-mail', async () => {
      providers.graph.issueToken('fb-token-gina', {
        id: 'fb-gina',
        name: 'Gina Fixer',
        email: 'gina@example.test',
      });
      const response = await socialAuth({ type: 'facebook', accessToken: 'fb-token-gina' });
      expect(response.status, await response.clone().text()).toBe(200);
      const user = await userOf(await me(api, sessionCookie(response)));
      expect(user).toMatchObject({ email: 'gina@example.test', profile: { name: 'Gina Fixer' } });
      expect(providers.graph.refusedCalls).toBe(0);
    });

    it('refuses an invalid token, one issued to another app, and an unknown one (400)', async () => {
      providers.graph.issueToken('fb-expired', { id: 'fb-hank', email: 'hank@example.test', valid: false });
      providers.graph.issueToken('fb-other-app', { id: 'fb-hank', email: 'hank@example.test', appId: '999' });
      for (const accessToken of ['fb-expired', 'fb-other-app', 'fb-unknown']) {
        const response = await socialAuth({ type: 'facebook', accessToken });
        expect(response.status, accessToken).toBe(400);
        expect((await errorOf(response)).message).toBe('The Facebook sign-in could not be verified.');
      }
    });

    it('a Facebook user without an e-mail gets 412', async () => {
      providers.graph.issueToken('fb-phone-only', { id: 'fb-ivan', name: 'Ivan' });
      const response = await socialAuth({ type: 'facebook', accessToken: 'fb-phone-only' });
      expect(response.status).toBe(412);
      expect((await errorOf(response)).message).toBe(
        'Facebook did not give us a confirmed e-mail address. Please enter one.',
      );
    });
  });

  describe('linked sign-in methods in the account settings', () => {
    it('links Google and Facebook while signed in, lists them, and unlinks', async () => {
      await createUser(api.db, { username: 'jane', email: 'jane@example.test', password: 'Jane#Bench2026' });
      const cookie = await signIn(api, 'jane', 'Jane#Bench2026');
      const credential = await providers.google.sign({
        sub: 'g-jane',
        email: 'jane.g@example.test',
        email_verified: true,
      });
      const linked = await call(api, 'POST', '/api/social-auth/add', {
        cookie,
        body: { type: 'google', credential, password: 'Jane#Bench2026' },
      });
      expect(linked.status, await linked.clone().text()).toBe(201);
      const link = socialAccountSchema.parse(await linked.json());
      expect(link).toMatchObject({ type: 'google', email: 'jane.g@example.test' });
      providers.graph.issueToken('fb-jane', { id: 'fb-jane', name: 'Jane' });
      const fb = await call(api, 'POST', '/api/social-auth/add', {
        cookie,
        body: { type: 'facebook', accessToken: 'fb-jane', password: 'Jane#Bench2026' },
      });
      expect(fb.status).toBe(201);
      expect((await linksOf(cookie)).totalItems).toBe(2);

      // Now Google signs in to Jane's account, though its address is another one.
      const viaGoogle = await withGoogle({
        sub: 'g-jane',
        email: 'jane.g@example.test',
        email_verified: true,
      });
      expect((await userOf(await me(api, sessionCookie(viaGoogle)))).username).toBe('jane');

      const again = await call(api, 'POST', '/api/social-auth/add', {
        cookie,
        body: { type: 'google', credential, password: 'Jane#Bench2026' },
      });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ reason: 'already-linked' });

      const removed = await call(api, 'DELETE', `/api/social-auth/delete/${link.id}`, {
        cookie,
        body: { password: 'Jane#Bench2026' },
      });
      expect(removed.status).toBe(204);
      expect((await linksOf(cookie)).member.map((row) => row.type)).toEqual(['facebook']);
      // Unlinked: Google no longer reaches Jane's account (and gave no address for a new one).
      expect((await withGoogle({ sub: 'g-jane' })).status).toBe(412);
    });

    it("refuses another user's identity (409) and another user's link id (404)", async () => {
      await createUser(api.db, { username: 'kim', email: 'kim@example.test', password: 'Kim#Bench2026' });
      const cookie = await signIn(api, 'kim', 'Kim#Bench2026');
      const credential = await providers.google.sign({ sub: 'g-ann' });
      const taken = await call(api, 'POST', '/api/social-auth/add', {
        cookie,
        body: { type: 'google', credential, password: 'Kim#Bench2026' },
      });
      expect(taken.status).toBe(409);
      expect(await taken.json()).toMatchObject({ reason: 'linked-elsewhere' });
      const anns = await api.db
        .selectFrom('social_accounts')
        .select('id')
        .where('subject', '=', 'g-ann')
        .executeTakeFirstOrThrow();
      const body = { password: 'Kim#Bench2026' };
      expect((await call(api, 'DELETE', `/api/social-auth/delete/${anns.id}`, { cookie, body })).status).toBe(
        404,
      );
      expect((await call(api, 'DELETE', '/api/social-auth/delete/not-an-id', { cookie, body })).status).toBe(
        404,
      );
      expect((await call(api, 'GET', '/api/social-auth')).status).toBe(401);
    });

    it('refuses to unlink the only way to sign in of an account without a password', async () => {
      providers.graph.issueToken('fb-lena', { id: 'fb-lena', name: 'Lena', email: 'lena@example.test' });
      const signedIn = await socialAuth({ type: 'facebook', accessToken: 'fb-lena' });
      const cookie = sessionCookie(signedIn) ?? '';
      const [only] = (await linksOf(cookie)).member;
      const refused = await call(api, 'DELETE', `/api/social-auth/delete/${only?.id}`, {
        cookie,
        body: { password: 'anything' },
      });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ reason: 'last-method' });
      // Linking and unlinking ask for the current password (issue 15), so she sets one first; then,
      // with a second link, the first may go.
      await api.db
        .updateTable('users')
        .set({ password_hash: await hashPassword('Lena#Bench2026') })
        .where('email', '=', 'lena@example.test')
        .execute();
      const credential = await providers.google.sign({ sub: 'g-lena' });
      const body = { type: 'google', credential, password: 'Lena#Bench2026' };
      expect((await call(api, 'POST', '/api/social-auth/add', { cookie, body })).status).toBe(201);
      const unlinked = await call(api, 'DELETE', `/api/social-auth/delete/${only?.id}`, {
        cookie,
        body: { password: 'Lena#Bench2026' },
      });
      expect(unlinked.status).toBe(204);
    });
  });

  describe('account takeover before the owner registers (issue 15)', () => {
    const register = (username: string, email: string, password: string) =>
      postJson(`${api.url}/api/register`, {
        username,
        email,
        plainPassword: password,
        confirmPassword: password,
        acceptTerms: true,
      });
    const resetPassword = async (email: string, newPassword: string) => {
      expect((await postJson(`${api.url}/api/reset-password`, { email })).status).toBe(200);
      const token = tokenIn(await lastMailTo(api, email));
      const reset = await postJson(`${api.url}/api/reset-password/reset/${token}`, { newPassword });
      expect(reset.status, await reset.clone().text()).toBe(200);
    };
    const linksOfSubject = (subject: string) =>
      api.db.selectFrom('social_accounts').select('user_id').where('subject', '=', subject).execute();

    it("a Facebook sign-in without an e-mail that types the owner's free address creates and links nothing; the owner registers and resets, and the attacker's Facebook never opens the account", async () => {
      providers.graph.issueToken('fb-token-mallet', { id: 'fb-mallet', name: 'Mallet' });
      const victim = 'victor@example.test';
      const typed = await socialAuth({ type: 'facebook', accessToken: 'fb-token-mallet', email: victim });
      expect(typed.status).toBe(200);
      expect(await typed.json()).toMatchObject({ verificationSent: true });
      const attackersLink = await lastMailTo(api, victim);
      expect(await findUser(victim)).toBeUndefined();
      expect(await linksOfSubject('fb-mallet')).toEqual([]);

      // The owner can still register the address: it is not taken by anything the attacker did.
      const registered = await register('victor', victim, 'Victor#Bench2026');
      expect(registered.status).toBe(201);
      const owner = await findUser(victim);
      expect(owner?.username).toBe('victor');
      await resetPassword(victim, 'Victor#Bench2027');
      // The owner, misled by the first mail, opens the attacker's link too: it is refused.
      const opened = await fetch(`${api.url}/api/verify/email?token=${tokenIn(attackersLink)}`);
      expect(opened.status).toBe(400);

      expect(await linksOfSubject('fb-mallet')).toEqual([]);
      const attack = await socialAuth({ type: 'facebook', accessToken: 'fb-token-mallet' });
      expect(attack.status).toBe(412);
      expect(sessionCookie(attack)).toBeUndefined();
      const again = await socialAuth({ type: 'facebook', accessToken: 'fb-token-mallet', email: victim });
      expect(sessionCookie(again)).toBeUndefined();
      expect(await linksOfSubject('fb-mallet')).toEqual([]);
      expect((await signIn(api, 'victor', 'Victor#Bench2027')).length).toBeGreaterThan(0);
    });

    it('the typed address gets its account, linked and verified, only when its mailed link is opened', async () => {
      providers.graph.issueToken('fb-token-nora', { id: 'fb-nora', name: 'Nora' });
      const typed = await socialAuth({
        type: 'facebook',
        accessToken: 'fb-token-nora',
        email: 'nora@example.test',
      });
      expect(await typed.json()).toMatchObject({ verificationSent: true });
      const mail = await lastMailTo(api, 'nora@example.test');
      expect(mail.text).toContain('Facebook');
      expect(await findUser('nora@example.test')).toBeUndefined();
      expect((await socialAuth({ type: 'facebook', accessToken: 'fb-token-nora' })).status).toBe(412);

      const opened = await fetch(`${api.url}/api/verify/email?token=${tokenIn(mail)}`);
      expect(opened.status).toBe(200);
      expect(await findUser('nora@example.test')).toMatchObject({ is_verified: true, password_hash: null });
      const signedIn = await socialAuth({ type: 'facebook', accessToken: 'fb-token-nora' });
      expect(signedIn.status).toBe(200);
      expect((await userOf(await me(api, sessionCookie(signedIn)))).email).toBe('nora@example.test');
      // Single use: a second opening finds nothing.
      expect((await fetch(`${api.url}/api/verify/email?token=${tokenIn(mail)}`)).status).toBe(400);
    });

    it('a password reset or e-mail verification drops the social links of a not yet verified account (made before the fix)', async () => {
      for (const [index, finish] of ['reset', 'verify'].entries()) {
        const email = `legacy${index}@example.test`;
        const shell = await api.db
          .insertInto('users')
          .values({ username: `legacy${index}`, email, password_hash: null, is_verified: false })
          .returning('id')
          .executeTakeFirstOrThrow();
        await api.db
          .insertInto('social_accounts')
          .values({ user_id: shell.id, provider: 'facebook', subject: `fb-legacy${index}` })
          .execute();
        providers.graph.issueToken(`fb-token-legacy${index}`, { id: `fb-legacy${index}` });
        if (finish === 'reset') {
          await resetPassword(email, 'Owner#Bench2026');
        } else {
          expect((await postJson(`${api.url}/api/new-verify/email`, { email })).status).toBe(200);
          const verified = await fetch(
            `${api.url}/api/verify/email?token=${tokenIn(await lastMailTo(api, email))}`,
          );
          expect(verified.status).toBe(200);
        }
        expect(await linksOfSubject(`fb-legacy${index}`), finish).toEqual([]);
        const attack = await socialAuth({ type: 'facebook', accessToken: `fb-token-legacy${index}` });
        expect(attack.status, finish).toBe(412);
      }
    });
  });

  it('mails nothing for refused tokens', async () => {
    expect(await mailsTo(api, 'mallory@example.test')).toEqual([]);
  });
});

describe('without provider configuration', () => {
  it('has no Facebook app id for the web app and refuses both providers (400)', async () => {
    const api = await startApi();
    try {
      expect(clientConfig(loadConfig({ BENCHSIDE_DEMO: '1' })).facebookAppId).toBeNull();
      const fb = await postJson(`${api.url}/api/social-auth`, { type: 'facebook', accessToken: 'x' });
      expect(fb.status).toBe(400);
      expect((await errorOf(fb)).message).toBe('Sign-in with Facebook is not available.');
      const google = await postJson(`${api.url}/api/social-auth`, { type: 'google', credential: 'x' });
      expect(google.status).toBe(400);
    } finally {
      await api.close();
    }
  });
});
