import { LANGUAGES } from '@benchside/contracts/languages';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { MailDeliveryError } from '../errors.ts';
import { createMailer } from './mailer.ts';
import { type MailContent, renderMail } from './templates.ts';

const PUBLIC_URL = 'https://portal.example.test';

describe('createMailer', () => {
  it('delivers through the built-in catcher when SMTP_URL is unset under the demo', async () => {
    const mailer = await createMailer({
      demo: true,
      smtpUrl: null,
      mailFrom: 'Benchside <no-reply@localhost>',
      publicUrl: PUBLIC_URL,
    });
    try {
      await mailer.sendTemplate('user@example.test', {
        kind: 'resetPassword',
        language: 'ja',
        name: '太郎',
        token: 't',
      });
      const [mail] = mailer.catcher?.list() ?? [];
      expect(mail).toMatchObject({ to: ['user@example.test'], subject: 'パスワードの再設定' });
      expect(mail?.text).toContain('太郎 様');
    } finally {
      await mailer.close();
    }
  });

  it('never stands the catcher in for a missing SMTP_URL outside the demo', async () => {
    const creating = createMailer({
      demo: false,
      smtpUrl: null,
      mailFrom: 'a@b.test',
      publicUrl: PUBLIC_URL,
    });
    await expect(creating).rejects.toBeInstanceOf(ConfigError);
    await expect(creating).rejects.toThrow(/^SMTP_URL must be set unless BENCHSIDE_DEMO=1/);
  });

  it('turns a transport failure into a MailDeliveryError (503) instead of swallowing it', async () => {
    const mailer = await createMailer({
      demo: false,
      smtpUrl: 'smtp://127.0.0.1:1',
      mailFrom: 'a@b.test',
      publicUrl: PUBLIC_URL,
    });
    expect(mailer.catcher).toBeNull();
    try {
      const sending = mailer.sendTemplate('user@example.test', {
        kind: 'verifyEmail',
        language: 'en',
        name: '',
        query: {},
      });
      await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
      await expect(sending).rejects.toMatchObject({
        statusCode: 503,
        message: 'The e-mail could not be sent. Please try again later.',
      });
    } finally {
      await mailer.close();
    }
  });
});

describe('renderMail', () => {
  const inputs: MailContent[] = [
    { kind: 'verifyEmail', query: { token: 'abc', email: 'a@b.test' } },
    { kind: 'changeEmail', token: 'abc', newEmail: 'new@b.test' },
    { kind: 'confirmEmail', token: 'abc', newEmail: 'new@b.test' },
    { kind: 'resetPassword', token: 'abc' },
  ];
  const paths = [
    '/auth/verify-email?token=abc&email=a%40b.test',
    '/account/change-email?token=abc',
    '/account/confirm-email?token=abc',
    '/auth/reset-password?token=abc',
  ];

  it('builds each of the four links on PUBLIC_URL, in text and HTML', () => {
    inputs.forEach((input, index) => {
      const mail = renderMail(PUBLIC_URL, { ...input, language: 'en', name: 'Ann' });
      expect(mail.text).toContain(`${PUBLIC_URL}${paths[index]}`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}${paths[index]?.replaceAll('&', '&amp;')}"`);
    });
  });

  it('is written in each of the six languages, not English copies', () => {
    for (const input of inputs) {
      const subjects = LANGUAGES.map(
        (language) => renderMail(PUBLIC_URL, { ...input, language, name: 'Ann' }).subject,
      );
      expect(new Set(subjects).size).toBe(LANGUAGES.length);
    }
    const html = renderMail(PUBLIC_URL, { kind: 'resetPassword', token: 'x', language: 'zh', name: 'Ann' });
    expect(html.html).toContain('<html lang="zh">');
  });

  it('escapes names and addresses in the HTML', () => {
    const mail = renderMail(PUBLIC_URL, {
      kind: 'confirmEmail',
      token: 'x',
      newEmail: '"><img src=x>@b.test',
      language: 'en',
      name: '<b>Eve</b>',
    });
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});
