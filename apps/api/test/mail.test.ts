import type { CaughtMail } from '@benchside/server/mail/catcher';
import { type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface MailList {
  member: CaughtMail[];
  totalItems: number;
}

describe('the built-in mail catcher', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { PUBLIC_URL: 'https://portal.example.test' } });
  });
  afterAll(async () => {
    await api.close();
  });

  it('receives a sent e-mail and lists it, newest first, at /dev/mail.json', async () => {
    await api.mailer.sendTemplate('first@example.test', {
      kind: 'resetPassword',
      language: 'en',
      name: 'First',
      token: 'tok1',
    });
    await api.mailer.sendTemplate('second@example.test', {
      kind: 'verifyEmail',
      language: 'de',
      name: 'Zweite',
      query: { token: 'tok2', email: 'second@example.test' },
    });
    const response = await fetch(`${api.url}/dev/mail.json`);
    expect(response.status).toBe(200);
    const inbox = (await response.json()) as MailList;
    expect(inbox.totalItems).toBe(2);
    const [newest, oldest] = inbox.member;
    expect(newest).toMatchObject({
      from: 'Benchside <no-reply@localhost>',
      to: ['second@example.test'],
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    });
    expect(newest?.text).toContain(
      'https://portal.example.test/auth/verify-email?token=tok2&email=second%40example.test',
    );
    expect(oldest).toMatchObject({ to: ['first@example.test'], subject: 'Reset your password' });
    expect(oldest?.html).toContain('href="https://portal.example.test/auth/reset-password?token=tok1"');
    expect(Number.isNaN(Date.parse(oldest?.date ?? ''))).toBe(false);
  });

  it('shows a readable HTML inbox with every value escaped', async () => {
    await api.mailer.sendTemplate('third@example.test', {
      kind: 'confirmEmail',
      language: 'fr',
      name: '<script>alert(1)</script>',
      token: 'tok3',
      newEmail: 'new@example.test',
    });
    const response = await fetch(`${api.url}/dev/mail`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('Confirmez votre nouvelle adresse e-mail');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('<a href="https://portal.example.test/account/confirm-email?token=tok3">');
  });
});

describe('without the catcher (SMTP_URL set)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await api.close();
  });

  it('has no /dev/mail pages', async () => {
    expect((await fetch(`${api.url}/dev/mail.json`)).status).toBe(404);
    expect((await fetch(`${api.url}/dev/mail`)).status).toBe(404);
  });
});
