import { LANGUAGES } from '@benchside/contracts/languages';
import { describe, expect, it } from 'vitest';
import { type MailContent, mailLink, renderMail } from './templates.ts';

const PUBLIC_URL = 'https://portal.example.test/portal';

describe('the code and notice mails', () => {
  const inputs: MailContent[] = [
    { kind: 'twoFactorCode', code: '042917' },
    { kind: 'passwordChanged' },
    { kind: 'twoFactorLocked' },
    { kind: 'emailChanged', newEmail: 'new@b.test' },
    { kind: 'registrationAttempt' },
    { kind: 'socialSignUp', token: 'abc', provider: 'Facebook' },
    { kind: 'socialLinked', provider: 'Google' },
    { kind: 'socialUnlinked', provider: 'Google' },
    { kind: 'twoFactorDisabled' },
    { kind: 'expiryReminder', message: 'Card BSC-000001 expires in 7 days.' },
  ];

  it('are written in each of the six languages, not English copies', () => {
    for (const input of inputs) {
      const rendered = LANGUAGES.map((language) =>
        renderMail(PUBLIC_URL, { ...input, language, name: 'Ann' }),
      );
      expect(new Set(rendered.map((mail) => mail.subject)).size).toBe(LANGUAGES.length);
      expect(new Set(rendered.map((mail) => mail.text)).size).toBe(LANGUAGES.length);
    }
  });

  it('show the code in text and HTML, without a link', () => {
    const mail = renderMail(PUBLIC_URL, {
      kind: 'twoFactorCode',
      code: '042917',
      language: 'en',
      name: 'Ann',
    });
    expect(mail.text).toMatch(/^042917$/m);
    expect(mail.html).toContain('>042917</p>');
    expect(mail.text).not.toMatch(/https?:/);
  });

  it('point the notices about credentials at the forgot-password page on PUBLIC_URL', () => {
    for (const kind of ['passwordChanged', 'twoFactorLocked', 'registrationAttempt'] as const) {
      const mail = renderMail(PUBLIC_URL, { kind, language: 'fr', name: 'Ann' });
      expect(mail.text).toContain(`${PUBLIC_URL}/auth/forgot-password`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/auth/forgot-password"`);
    }
    const changed = renderMail(PUBLIC_URL, {
      kind: 'emailChanged',
      newEmail: '<x>@b.test',
      language: 'en',
      name: 'A',
    });
    expect(changed.html).toContain('<strong>&lt;x&gt;@b.test</strong>');
  });
});

describe('mailLink', () => {
  it('uses the caller-given path on PUBLIC_URL, keeping its path prefix', () => {
    expect(mailLink(PUBLIC_URL, { kind: 'resetPassword', token: 'abc', path: '/auth/reset-password' })).toBe(
      `${PUBLIC_URL}/auth/reset-password?token=abc`,
    );
    expect(mailLink(PUBLIC_URL, { kind: 'resetPassword', token: 'abc', path: '/x?lang=de' })).toBe(
      `${PUBLIC_URL}/x?lang=de&token=abc`,
    );
  });

  it('refuses a path that would leave PUBLIC_URL', () => {
    expect(() =>
      mailLink('https://portal.example.test', { kind: 'resetPassword', token: 'a', path: '@evil.test/' }),
    ).toThrow(/leaves PUBLIC_URL/);
  });
});
