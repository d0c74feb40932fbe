import { openTestDatabase } from '@benchside/db/test-database';
import { loadConfig } from '@benchside/server/config';
import { createMailer } from '@benchside/server/mail/mailer';
import { login, signIn } from '@benchside/test-kit/sign-in';
import { createUser, postJson, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp } from '../src/app.ts';
import { call, errorOf, expireTokens, inbox, lastMailTo, linkIn, me, tokenIn } from './accounts-helpers.ts';

const PUBLIC_URL = 'https://portal.example.test';
const KIM = { username: 'kim', email: 'kim@example.test', password: 'Kim#Bench2026', name: 'Kim Lee' };
const LEO = { username: 'leo', email: 'leo@example.test', password: 'Leo#Bench2026', name: 'Leo' };

describe('forgot and reset password', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { PUBLIC_URL } });
    await createUser(api.db, KIM);
  });
  afterAll(async () => {
    await api.close();
  });

  const forgot = (email: string, urlTo?: string) =>
    postJson(`${api.url}/api/reset-password`, { email, ...(urlTo ? { urlTo } : {}) });
  const reset = (token: string, newPassword: string) =>
    postJson(`${api.url}/api/reset-password/reset/${encodeURIComponent(token)}`, { newPassword });

  it('answers the same for a known and an unknown address, and mails only the account', async () => {
    const known = await forgot('KIM@example.test');
    const unknown = await forgot('nobody@example.test');
    for (const response of [known, unknown]) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: 'Sent password reset. Please check your email' });
    }
    const mails = await inbox(api);
    expect(mails.some((mail) => mail.to.includes('nobody@example.test'))).toBe(false);
    const link = linkIn(await lastMailTo(api, KIM.email));
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth/reset-password`);
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    const timeOf = async (email: string) => {
      const started = performance.now();
      await forgot(email);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      known.push(await timeOf(KIM.email));
      unknown.push(await timeOf(`nobody${round}@example.test`));
      await api.db.deleteFrom('rate_limits').execute();
    }
    // No password hashing here: the known address costs a token write and one pooled SMTP hand-off,
    // a few milliseconds, far below the jitter of a network round trip.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(200);
  });

  it('resets with the link once, ends every session, sends a notice, and refuses the link again', async () => {
    const cookies = [
      await signIn(api, KIM.username, KIM.password),
      await signIn(api, KIM.email, KIM.password),
    ];
    await forgot(KIM.email);
    const token = tokenIn(await lastMailTo(api, KIM.email));

    const response = await reset(token, 'New#Bench2026');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your password was successfully reset.' });
    for (const cookie of cookies) expect((await me(api, cookie)).status).toBe(401);
    expect((await login(api, KIM.username, KIM.password)).status).toBe(400);
    expect((await login(api, KIM.username, 'New#Bench2026')).status).toBe(200);
    const notice = await lastMailTo(api, KIM.email);
    expect(notice.subject).toBe('Your password was changed');

    const reused = await reset(token, 'Other#Bench2026');
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      message: 'The reset password link is invalid. Please try to reset your password again.',
    });
    KIM.password = 'New#Bench2026';
  });

  it('refuses an expired link, and an older link once a newer one was sent', async () => {
    await forgot(KIM.email);
    const older = tokenIn(await lastMailTo(api, KIM.email));
    await forgot(KIM.email);
    const newer = tokenIn(await lastMailTo(api, KIM.email));
    expect((await reset(older, 'Older#Bench2026')).status).toBe(400);

    await expireTokens(api, 'reset_password');
    const expired = await reset(newer, 'Newer#Bench2026');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      message: 'The reset password link is invalid. Please try to reset your password again.',
    });
    expect((await reset('made-up-token', 'Newer#Bench2026')).status).toBe(400);
  });

  it('checks the new password with the registration rules', async () => {
    await forgot(KIM.email);
    const token = tokenIn(await lastMailTo(api, KIM.email));
    const weak = await reset(token, 'abcdefg');
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).violations).toEqual([
      { propertyPath: 'newPassword', message: 'At least one number and one special character' },
    ]);
    // A refused password does not use the link up.
    expect((await reset(token, 'Fine#Bench2026')).status).toBe(200);
  });
});

describe('change password', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
    await createUser(api.db, LEO);
  });
  afterAll(async () => {
    await api.close();
  });

  const change = (cookie: string, password: string, newPassword: string) =>
    call(api, 'POST', '/api/users/change-password', { cookie, body: { password, newPassword } });

  it('answers a wrong current password with 400 (never 401) and keeps the session', async () => {
    const cookie = await signIn(api, LEO.username, LEO.password);
    const response = await change(cookie, 'Wrong#Bench2026', 'Next#Bench2026');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The current password is incorrect',
      violations: [{ propertyPath: 'password', message: 'The current password is incorrect' }],
    });
    expect((await me(api, cookie)).status).toBe(200);
  });

  it('changes the password, ends every other session, keeps this one and sends a notice', async () => {
    const other = await signIn(api, LEO.username, LEO.password);
    const current = await signIn(api, LEO.username, LEO.password);
    const response = await change(current, LEO.password, 'Next#Bench2026');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your password has been changed.' });
    expect((await me(api, other)).status).toBe(401);
    expect((await me(api, current)).status).toBe(200);
    expect((await lastMailTo(api, LEO.email)).subject).toBe('Your password was changed');
    expect((await login(api, LEO.username, 'Next#Bench2026')).status).toBe(200);
  });

  it('needs a session', async () => {
    const response = await postJson(`${api.url}/api/users/change-password`, {
      password: 'x',
      newPassword: 'Next#Bench2026',
    });
    expect(response.status).toBe(401);
  });
});

describe('request logs', () => {
  it('never write the reset token of the path', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const config = loadConfig({ NODE_ENV: 'test', BENCHSIDE_DEMO: '1' });
    const database = await openTestDatabase();
    const mailer = await createMailer(config);
    const app = await buildApiApp({ config, db: database.db, mailer, logger });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/reset-password/reset/SecretToken123',
        payload: { newPassword: 'Fine#Bench2026' },
      });
      expect(response.statusCode).toBe(400);
      expect(lines.join('\n')).toContain('POST /api/reset-password/reset/:token 400');
      expect(lines.join('\n')).not.toContain('SecretToken123');
    } finally {
      await app.close();
      await mailer.close();
      await database.close();
    }
  });
});
