import { currentUserSchema } from '@benchside/contracts/auth';
import { login, signIn } from '@benchside/test-kit/sign-in';
import { createUser, postJson, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  confirmationOf,
  devicesOf,
  errorOf,
  inbox,
  lastMailTo,
  linkIn,
  mailsTo,
  me,
  tokenIn,
  userOf,
} from './accounts-helpers.ts';

const PUBLIC_URL = 'https://portal.example.test';
const MIA = { username: 'mia', email: 'mia@example.test', password: 'Mia#Bench2026', name: 'Mia' };
const NED = { username: 'ned', email: 'ned@example.test', password: 'Ned#Bench2026', name: 'Ned' };

describe('account settings', () => {
  let api: RunningApi;
  let miaId: string;
  let nedId: string;
  let cookie: string;
  beforeAll(async () => {
    api = await startApi({ env: { PUBLIC_URL } });
    [miaId, nedId] = await Promise.all([createUser(api.db, MIA), createUser(api.db, NED)]);
    cookie = await signIn(api, MIA.username, MIA.password);
  });
  afterAll(async () => {
    await api.close();
  });

  describe('profile', () => {
    it('saves name, company, phone, country and language, and /api/me shows them', async () => {
      const response = await call(api, 'POST', '/api/profiles/edit', {
        cookie,
        body: {
          name: 'Mia Wong',
          company: 'Fix-It Shop',
          phone: '+49 (30) 123-456',
          country: 'Germany',
          language: 'de',
        },
      });
      expect(response.status).toBe(200);
      const expected = {
        id: miaId,
        username: 'mia',
        email: MIA.email,
        profile: { name: 'Mia Wong', company: 'Fix-It Shop', phone: '+49 (30) 123-456', country: 'Germany' },
        userPortal2fa: false,
        language: 'de',
        expiryReminderEmails: true,
        watchDigestEmails: false,
      };
      expect(currentUserSchema.strict().parse(await response.json())).toEqual(expected);
      expect(await (await me(api, cookie)).json()).toEqual(expected);
    });

    it('refuses a missing name and a malformed phone with violations', async () => {
      const response = await call(api, 'POST', '/api/profiles/edit', {
        cookie,
        body: { name: ' ', company: '', phone: 'call me', country: '' },
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).violations).toEqual([
        { propertyPath: 'name', message: 'Name is required' },
        { propertyPath: 'phone', message: 'Phone is not valid' },
      ]);
    });
  });

  describe('two-factor switch', () => {
    const patch = (id: string, body: unknown, contentType = 'application/merge-patch+json') =>
      call(api, 'PATCH', `/api/users/edit/${id}`, { cookie, body, contentType });

    it('turns two-factor on and off with a merge-patch', async () => {
      const on = await patch(miaId, { userPortal2fa: true });
      expect(on.status).toBe(200);
      expect((await userOf(on)).userPortal2fa).toBe(true);
      const off = await patch(miaId, { userPortal2fa: false, password: MIA.password });
      expect((await userOf(off)).userPortal2fa).toBe(false);
    });

    it("answers 403 for another user's id and leaves that user alone", async () => {
      const response = await patch(nedId, { userPortal2fa: true });
      expect(response.status).toBe(403);
      const ned = await api.db
        .selectFrom('users')
        .select('user_portal_2fa')
        .where('id', '=', nedId)
        .executeTakeFirst();
      expect(ned?.user_portal_2fa).toBe(false);
      expect((await patch('not-a-uuid', { userPortal2fa: true })).status).toBe(403);
    });

    it('answers 415 to any other content type', async () => {
      const response = await patch(miaId, { userPortal2fa: true }, 'application/json');
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        message: 'Unsupported content type: send application/merge-patch+json',
      });
    });

    it('refuses unknown fields', async () => {
      expect((await patch(miaId, { email: 'x@example.test' })).status).toBe(400);
    });
  });

  describe('change of e-mail', () => {
    const start = (body: Record<string, unknown>) => call(api, 'POST', '/api/change-email', { cookie, body });

    it('asks the current address, then the new one, then changes it and tells the old address', async () => {
      const started = await start({ newEmail: 'mia.new@example.test', password: MIA.password });
      expect(started.status).toBe(200);
      expect(await started.json()).toEqual({
        message: 'We sent a confirmation link to your current email address.',
      });
      const approval = await lastMailTo(api, MIA.email);
      expect(approval.subject).toBe('Änderung Ihrer E-Mail-Adresse');
      const linkA = linkIn(approval);
      expect(`${linkA.origin}${linkA.pathname}`).toBe(`${PUBLIC_URL}/account/change-email`);
      expect(await mailsTo(api, 'mia.new@example.test')).toEqual([]);

      // Link A is opened signed out (e.g. in the mail app's browser).
      const confirmed = await postJson(`${api.url}/api/change-email/confirm`, { token: tokenIn(approval) });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toEqual({
        message: 'A confirmation link was sent to your new email address.',
        newEmail: 'mia.new@example.test',
      });
      const proof = await lastMailTo(api, 'mia.new@example.test');
      const linkB = linkIn(proof);
      expect(`${linkB.origin}${linkB.pathname}`).toBe(`${PUBLIC_URL}/account/confirm-email`);
      expect((await me(api, cookie)).status).toBe(200);
      expect((await userOf(await me(api, cookie))).email).toBe(MIA.email);
      expect(
        (await postJson(`${api.url}/api/change-email/confirm`, { token: tokenIn(approval) })).status,
      ).toBe(400);

      const changed = await call(api, 'POST', '/api/change-email/change', {
        cookie,
        body: { token: tokenIn(proof) },
      });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toEqual({ message: 'You have successfully changed your email address' });
      expect((await userOf(await me(api, cookie))).email).toBe('mia.new@example.test');
      expect((await lastMailTo(api, MIA.email)).subject).toBe('Ihre E-Mail-Adresse wurde geändert');
      expect((await login(api, 'mia.new@example.test', MIA.password)).status).toBe(200);

      const again = await postJson(`${api.url}/api/change-email/change`, { token: tokenIn(proof) });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ message: 'The email change link is invalid or has expired.' });
      MIA.email = 'mia.new@example.test';
    });

    it('answers a wrong password with 400 (never 401) and sends nothing', async () => {
      const before = (await inbox(api)).length;
      const response = await start({ newEmail: 'other@example.test', password: 'Wrong#Bench2026' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'The current password is incorrect',
        violations: [{ propertyPath: 'password', message: 'The current password is incorrect' }],
      });
      expect((await inbox(api)).length).toBe(before);
      expect((await me(api, cookie)).status).toBe(200);
    });

    it("answers the same for another account's address and sends nothing to that address", async () => {
      const response = await start({ newEmail: 'NED@example.test', password: MIA.password });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        message: 'We sent a confirmation link to your current email address.',
      });
      const confirmed = await postJson(`${api.url}/api/change-email/confirm`, {
        token: tokenIn(await lastMailTo(api, MIA.email)),
      });
      expect(confirmed.status).toBe(200);
      expect((await confirmationOf(confirmed)).message).toBe(
        'A confirmation link was sent to your new email address.',
      );
      expect(await mailsTo(api, NED.email)).toEqual([]);
      expect((await userOf(await me(api, cookie))).email).toBe(MIA.email);
    });

    it('refuses made-up links and the current address as the new one', async () => {
      expect((await postJson(`${api.url}/api/change-email/confirm`, { token: 'made-up' })).status).toBe(400);
      expect((await postJson(`${api.url}/api/change-email/change`, { token: 'made-up' })).status).toBe(400);
      const same = await start({ newEmail: MIA.email.toUpperCase(), password: MIA.password });
      expect(same.status).toBe(400);
      expect((await errorOf(same)).violations).toEqual([
        { propertyPath: 'newEmail', message: 'This is already your email address' },
      ]);
    });

    it('needs both the new address and the password: without either, or with a wrong password, nothing starts', async () => {
      // Ned's own session and rate limits: Mia's tests above use up hers.
      const nedCookie = await signIn(api, NED.username, NED.password);
      const startAsNed = (body: Record<string, unknown>) =>
        call(api, 'POST', '/api/change-email', { cookie: nedCookie, body });
      const changeTokens = () =>
        api.db
          .selectFrom('one_time_tokens')
          .select('id')
          .where('user_id', '=', nedId)
          .where('kind', '=', 'change_email')
          .execute();
      const before = (await inbox(api)).length;

      const refusals = [
        [{ newEmail: 'ned.new@example.test' }, 'password', 'Password is required'],
        [{ password: NED.password }, 'newEmail', 'Email is required'],
        [
          { newEmail: 'ned.new@example.test', password: 'Wrong#Bench2026' },
          'password',
          'The current password is incorrect',
        ],
      ] as const;
      for (const [body, propertyPath, message] of refusals) {
        const refused = await startAsNed(body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect((await errorOf(refused)).violations).toContainEqual({ propertyPath, message });
      }
      expect((await inbox(api)).length).toBe(before);
      expect(await changeTokens()).toEqual([]);
      expect((await userOf(await me(api, nedCookie))).email).toBe(NED.email);

      const accepted = await startAsNed({ newEmail: 'ned.new@example.test', password: NED.password });
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toEqual({
        message: 'We sent a confirmation link to your current email address.',
      });
      expect((await lastMailTo(api, NED.email)).subject).toBe('Change of your e-mail address');
      expect(await changeTokens()).toHaveLength(1);
      // Only the two links change the address, not the request.
      expect((await userOf(await me(api, nedCookie))).email).toBe(NED.email);
    });
  });
});

describe('login history and devices', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
    await createUser(api.db, NED);
  });
  afterAll(async () => {
    await api.close();
  });

  interface LogPage {
    member: { id: string; loginAt: string; ip: string; userAgent: string; success: boolean }[];
    totalItems: number;
  }

  it('lists every attempt of the signed-in user, failed ones too, with paging and order', async () => {
    await login(api, NED.username, 'Wrong#Bench2026', { 'user-agent': 'Attacker/1.0' });
    for (let index = 0; index < 3; index += 1) {
      await login(api, NED.username, NED.password, { 'user-agent': `Browser/${index}` });
    }
    const cookie = await signIn(api, NED.email, NED.password);

    const first = await call(api, 'GET', '/api/user-login-logs?page=1&itemsPerPage=2&order[loginAt]=desc', {
      cookie,
    });
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as LogPage;
    expect(page1.totalItems).toBe(5);
    expect(page1.member).toHaveLength(2);
    expect(page1.member[0]).toMatchObject({ ip: '127.0.0.1', success: true });

    const all = (await (
      await call(api, 'GET', '/api/user-login-logs?order[loginAt]=asc', { cookie })
    ).json()) as LogPage;
    expect(all.member.map((entry) => [entry.userAgent, entry.success])).toEqual([
      ['Attacker/1.0', false],
      ['Browser/0', true],
      ['Browser/1', true],
      ['Browser/2', true],
      ['node', true],
    ]);
    const times = all.member.map((entry) => Date.parse(entry.loginAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const page3 = (await (
      await call(api, 'GET', '/api/user-login-logs?page=3&itemsPerPage=2', { cookie })
    ).json()) as LogPage;
    expect(page3.member.map((entry) => entry.userAgent)).toEqual(['Attacker/1.0']);
    expect((await call(api, 'GET', '/api/user-login-logs?itemsPerPage=101', { cookie })).status).toBe(400);
    expect((await call(api, 'GET', '/api/user-login-logs?order[loginAt]=sideways', { cookie })).status).toBe(
      400,
    );
  });

  it("never shows another user's history", async () => {
    await createUser(api.db, MIA);
    const cookie = await signIn(api, MIA.username, MIA.password);
    const page = (await (await call(api, 'GET', '/api/user-login-logs', { cookie })).json()) as LogPage;
    expect(page.totalItems).toBe(1);
  });

  it('lists the devices with the current one marked, signs out one, and everywhere else', async () => {
    await api.db.deleteFrom('sessions').execute();
    const laptop = await signIn(api, NED.username, NED.password);
    const phone = await signIn(api, NED.username, NED.password);
    const tablet = await signIn(api, NED.username, NED.password);

    const listed = await call(api, 'GET', '/api/sessions', { cookie: laptop });
    expect(listed.status).toBe(200);
    const devices = await devicesOf(listed);
    expect(devices.totalItems).toBe(3);
    expect(devices.member.filter((device) => device.current)).toHaveLength(1);
    expect(devices.member.every((device) => device.ip === '127.0.0.1')).toBe(true);

    const phoneDevices = await devicesOf(await call(api, 'GET', '/api/sessions', { cookie: phone }));
    const phoneId = phoneDevices.member.find((device) => device.current)?.id;
    const ended = await call(api, 'DELETE', `/api/sessions/${phoneId}`, { cookie: laptop });
    expect(ended.status).toBe(204);
    expect((await me(api, phone)).status).toBe(401);
    expect((await call(api, 'DELETE', `/api/sessions/${phoneId}`, { cookie: laptop })).status).toBe(404);

    // Someone else's session is not found, not forbidden.
    const miaCookie = await signIn(api, MIA.username, MIA.password);
    const miaSession = (await devicesOf(await call(api, 'GET', '/api/sessions', { cookie: miaCookie })))
      .member[0]?.id;
    expect((await call(api, 'DELETE', `/api/sessions/${miaSession}`, { cookie: laptop })).status).toBe(404);
    expect((await call(api, 'DELETE', '/api/sessions/nonsense', { cookie: laptop })).status).toBe(404);
    expect((await me(api, miaCookie)).status).toBe(200);

    const others = await call(api, 'POST', '/api/sessions/end-others', { cookie: laptop });
    expect(others.status).toBe(200);
    expect((await me(api, tablet)).status).toBe(401);
    expect((await me(api, laptop)).status).toBe(200);
    expect((await me(api, miaCookie)).status).toBe(200);
    const left = await devicesOf(await call(api, 'GET', '/api/sessions', { cookie: laptop }));
    expect(left.totalItems).toBe(1);
  });
});
