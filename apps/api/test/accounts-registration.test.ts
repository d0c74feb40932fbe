import { login } from '@benchside/test-kit/sign-in';
import {
  createUser,
  postJson,
  type RunningApi,
  sessionCookie,
  startApi,
} from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorOf,
  expireTokens,
  inbox,
  lastMailTo,
  linkIn,
  mailsTo,
  me,
  tokenIn,
} from './accounts-helpers.ts';

const PUBLIC_URL = 'https://portal.example.test';
const PASSWORD = 'Bench#2026pass';

const registration = (overrides: Record<string, unknown> = {}) => ({
  username: 'carol',
  email: 'carol@example.test',
  plainPassword: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
  ...overrides,
});

describe('registration and e-mail verification', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { PUBLIC_URL } });
    await createUser(api.db, {
      username: 'Taken',
      email: 'owner@example.test',
      password: 'Owner#Pass1',
      name: 'Olga Owner',
    });
    await api.db.updateTable('users').set({ language: 'de' }).where('username', '=', 'Taken').execute();
  });
  afterAll(async () => {
    await api.close();
  });

  const register = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    postJson(`${api.url}/api/register`, body, headers);

  it('registers, mails a verification link on PUBLIC_URL, and only the link makes sign-in possible', async () => {
    const response = await register(registration());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: 'Your account has been successfuly registered.' });

    const mail = await lastMailTo(api, 'carol@example.test');
    expect(mail.subject).toBe('Confirm your e-mail address');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth/verify-email`);
    expect(tokenIn(mail)).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(`href="${link.toString().replaceAll('&', '&amp;')}"`);

    const unverified = await login(api, 'carol', PASSWORD);
    expect(unverified.status).toBe(400);
    expect(await unverified.json()).toEqual({
      message: 'Your account is not verified. Please check your email.',
      isVerified: false,
    });
    expect(sessionCookie(unverified)).toBeUndefined();

    const verify = await fetch(`${api.url}/api/verify/email${link.search}`);
    expect(verify.status).toBe(200);
    expect(await verify.json()).toEqual({ message: 'Your account was successfully verified.' });
    const signedIn = await login(api, 'carol@EXAMPLE.test', PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await me(api, sessionCookie(signedIn))).status).toBe(200);

    const reused = await fetch(`${api.url}/api/verify/email${link.search}`);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ message: 'The verification link is invalid or has expired.' });
  });

  it('stores only a hash of the link token', async () => {
    await register(registration({ username: 'dora', email: 'dora@example.test' }));
    const token = tokenIn(await lastMailTo(api, 'dora@example.test'));
    const rows = await api.db.selectFrom('one_time_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('builds the link on the urlTo path the web app asks for, still on PUBLIC_URL', async () => {
    const response = await register(
      registration({ username: 'erin', email: 'erin@example.test', urlTo: '/auth/verify-email-v2' }),
    );
    expect(response.status).toBe(201);
    const link = linkIn(await lastMailTo(api, 'erin@example.test'));
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth/verify-email-v2`);
    const offsite = await register(
      registration({ username: 'erin2', email: 'erin2@example.test', urlTo: '//evil.example/x' }),
    );
    expect(offsite.status).toBe(400);
    expect((await errorOf(offsite)).violations).toEqual([
      { propertyPath: 'urlTo', message: 'Field is not valid' },
    ]);
  });

  it('names a taken username (in any letter case) as a violation on username', async () => {
    const response = await register(registration({ username: 'TAKEN', email: 'fresh@example.test' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'This username is already taken',
      violations: [{ propertyPath: 'username', message: 'This username is already taken' }],
    });
    expect(await mailsTo(api, 'fresh@example.test')).toEqual([]);
  });

  it('answers a taken e-mail exactly like a free one and mails its owner a notice in their language', async () => {
    const before = (await inbox(api)).length;
    const response = await register(registration({ username: 'intruder', email: 'OWNER@example.test' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: 'Your account has been successfuly registered.' });

    const mails = await inbox(api);
    expect(mails.length).toBe(before + 1);
    const notice = mails[0];
    expect(notice?.to.map((to) => to.toLowerCase())).toEqual(['owner@example.test']);
    expect(notice?.subject).toBe('Registrierungsversuch mit Ihrer E-Mail-Adresse');
    expect(notice?.text).toContain('Hallo Olga Owner,');
    expect(notice?.text).toContain(`${PUBLIC_URL}/auth/forgot-password`);
    expect(notice?.text).not.toMatch(/token=/);
    const accounts = await api.db
      .selectFrom('users')
      .select('username')
      .where('username', '=', 'intruder')
      .execute();
    expect(accounts).toEqual([]);
  });

  it.each([
    [{ username: '' }, 'username', 'Username is required'],
    [{ username: 'ab' }, 'username', 'Minimum 3 symbols'],
    [{ username: 'x'.repeat(51) }, 'username', 'Maximum 50 symbols'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'ab' }, 'email', 'Minimum 3 symbols'],
    [{ email: `${'x'.repeat(45)}@example.test` }, 'email', 'Maximum 50 symbols'],
    [{ email: 'not-an-email' }, 'email', 'Wrong email format'],
    [{ plainPassword: '', confirmPassword: '' }, 'plainPassword', 'Password is required'],
    [{ plainPassword: 'a#1', confirmPassword: 'a#1' }, 'plainPassword', 'Minimum 6 symbols'],
    [{ plainPassword: `a#1${'x'.repeat(48)}` }, 'plainPassword', 'Maximum 50 symbols'],
    [{ plainPassword: '123456#', confirmPassword: '123456#' }, 'plainPassword', 'At least one letter'],
    [
      { plainPassword: 'abcdef1', confirmPassword: 'abcdef1' },
      'plainPassword',
      'At least one number and one special character',
    ],
    [{ confirmPassword: 'Other#2026pass' }, 'confirmPassword', 'Password and Confirm Password must match'],
    [{ acceptTerms: false }, 'acceptTerms', 'You must accept the terms and conditions'],
  ])('refuses %j with "%s: %s"', async (overrides, propertyPath, message) => {
    const response = await register(
      registration({ username: 'valid', email: 'valid@example.test', ...overrides }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { violations: { propertyPath: string; message: string }[] };
    expect(body.violations).toContainEqual({ propertyPath, message });
  });

  it('refuses an expired verification link', async () => {
    await register(registration({ username: 'frank', email: 'frank@example.test' }));
    const link = linkIn(await lastMailTo(api, 'frank@example.test'));
    await expireTokens(api, 'verify_email');
    const response = await fetch(`${api.url}/api/verify/email${link.search}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The verification link is invalid or has expired.' });
    expect(await (await fetch(`${api.url}/api/verify/email?token=nonsense`)).json()).toEqual({
      message: 'The verification link is invalid or has expired.',
    });
  });

  it('resends the verification only to an unverified account; the newer link kills the older', async () => {
    await register(registration({ username: 'gina', email: 'gina@example.test' }));
    const first = linkIn(await lastMailTo(api, 'gina@example.test'));
    const answers = [];
    for (const email of ['GINA@example.test', 'owner@example.test', 'nobody@example.test']) {
      const response = await postJson(`${api.url}/api/new-verify/email`, { email });
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({
      message: 'A new confirmation email has been sent if the account exists and is not verified.',
    });
    expect(await mailsTo(api, 'nobody@example.test')).toEqual([]);
    expect((await mailsTo(api, 'owner@example.test')).map((mail) => mail.subject)).not.toContain(
      'Bestätigen Sie Ihre E-Mail-Adresse',
    );

    const second = linkIn(await lastMailTo(api, 'gina@example.test'));
    expect(second.search).not.toBe(first.search);
    expect((await fetch(`${api.url}/api/verify/email${first.search}`)).status).toBe(400);
    expect((await fetch(`${api.url}/api/verify/email${second.search}`)).status).toBe(200);
  });

  it('builds links from PUBLIC_URL even when the request names another Host', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'content-type': 'application/json',
      },
      payload: registration({ username: 'hank', email: 'hank@example.test' }),
    });
    expect(response.statusCode).toBe(201);
    const mail = await lastMailTo(api, 'hank@example.test');
    expect(linkIn(mail).origin).toBe(PUBLIC_URL);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });
});

describe('when the mail server is down', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    await createUser(api.db, {
      username: 'ivy',
      email: 'ivy@example.test',
      password: PASSWORD,
      verified: false,
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('registers at once and keeps the verification mail queued for another try', async () => {
    const response = await postJson(`${api.url}/api/register`, registration());
    expect(response.status).toBe(201);
    const users = await api.db
      .selectFrom('users')
      .select('username')
      .where('username', '=', 'carol')
      .execute();
    expect(users).toEqual([{ username: 'carol' }]);
    await api.app.mailOutbox.flush();
    const queued = await api.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('recipient', '=', 'carol@example.test')
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
    expect(queued.last_error).toMatch(/ECONNREFUSED/);
  });

  it('answers a new verification request as usual and queues its mail', async () => {
    const response = await postJson(`${api.url}/api/new-verify/email`, { email: 'ivy@example.test' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'A new confirmation email has been sent if the account exists and is not verified.',
    });
    const queued = await api.db
      .selectFrom('mail_outbox')
      .select('status')
      .where('recipient', '=', 'ivy@example.test')
      .execute();
    expect(queued).toEqual([{ status: 'pending' }]);
  });
});
