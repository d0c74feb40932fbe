import type { Language } from '@benchside/contracts/languages';
import { escapeHtml } from '../search-text.ts';
import { de } from './copy/de.ts';
import { en } from './copy/en.ts';
import { es } from './copy/es.ts';
import { fr } from './copy/fr.ts';
import { ja } from './copy/ja.ts';
import type { MailCopy, MailKind } from './copy/mail-copy.ts';
import { zh } from './copy/zh.ts';

/**
 * What a template needs besides the language; `query`/`token` become the link (spec §2), whose
 * path a caller may replace with the `urlTo` it was given (always a path on PUBLIC_URL).
 */
export type MailContent =
  | { kind: 'verifyEmail'; query: Record<string, string>; path?: string }
  | { kind: 'changeEmail' | 'confirmEmail'; token: string; newEmail: string; path?: string }
  | { kind: 'resetPassword'; token: string; path?: string }
  | { kind: 'twoFactorCode'; code: string }
  | { kind: 'passwordChanged' | 'twoFactorLocked' | 'registrationAttempt' }
  | { kind: 'emailChanged'; newEmail: string }
  | { kind: 'credentialPassword'; login: string; password: string }
  | { kind: 'socialSignUp'; token: string; provider: string; path?: string }
  | { kind: 'socialLinked' | 'socialUnlinked'; provider: string }
  | { kind: 'twoFactorDisabled' }
  /** `message` is already in the recipient's language (the expiry job writes it). */
  | { kind: 'expiryReminder'; message: string }
  /** `message` is the day's lines, already in the recipient's language (the digest job writes them). */
  | { kind: 'watchDigest'; message: string };

export type MailTemplateInput = MailContent & { language: Language; name: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The four e-mail links the spec lists, and the forgot-password page the notices point to, all on
 * PUBLIC_URL (never the request's Host). The code and the e-mail-changed notice carry no link.
 */
const LINK_PATHS: Partial<Record<MailKind, string>> = {
  verifyEmail: '/auth/verify-email',
  changeEmail: '/account/change-email',
  confirmEmail: '/account/confirm-email',
  resetPassword: '/auth/reset-password',
  passwordChanged: '/auth/forgot-password',
  twoFactorLocked: '/auth/forgot-password',
  registrationAttempt: '/auth/forgot-password',
  socialSignUp: '/auth/verify-email',
  socialLinked: '/auth/forgot-password',
  socialUnlinked: '/auth/forgot-password',
  twoFactorDisabled: '/auth/forgot-password',
  expiryReminder: '/cards',
  watchDigest: '/watch-list',
};

const COPY: Record<Language, MailCopy> = { en, zh, es, ja, de, fr };

function linkQuery(content: MailContent): Record<string, string> {
  switch (content.kind) {
    case 'verifyEmail':
      return content.query;
    case 'changeEmail':
    case 'confirmEmail':
    case 'resetPassword':
    case 'socialSignUp':
      return { token: content.token };
    default:
      return {};
  }
}

/** The mail's link on PUBLIC_URL, or null for the kinds without one. */
export function mailLink(publicUrl: string, content: MailContent): string | null {
  const defaultPath = LINK_PATHS[content.kind];
  if (!defaultPath) return null;
  const path = 'path' in content && content.path ? content.path : defaultPath;
  // Appended rather than resolved, so a PUBLIC_URL with a path prefix keeps it.
  const url = new URL(`${publicUrl}${path}`);
  if (url.origin !== new URL(publicUrl).origin) throw new Error(`Mail link path leaves PUBLIC_URL: ${path}`);
  for (const [key, value] of Object.entries(linkQuery(content))) url.searchParams.set(key, value);
  return url.toString();
}

/** Subject, plain text and HTML of one of the account e-mails, in the user's language. */
export function renderMail(publicUrl: string, input: MailTemplateInput): RenderedMail {
  const copy = COPY[input.language];
  const kind = copy.kinds[input.kind];
  const link = mailLink(publicUrl, input);
  // A sign-in code, or a tool sign-in's new password: both stand out on a line of their own.
  const code =
    input.kind === 'twoFactorCode' ? input.code : input.kind === 'credentialPassword' ? input.password : null;
  const newEmail = 'newEmail' in input ? input.newEmail : '';
  const login = input.kind === 'credentialPassword' ? input.login : '';
  const provider = 'provider' in input ? input.provider : '';
  const message = input.kind === 'expiryReminder' || input.kind === 'watchDigest' ? input.message : '';
  const subject = kind.subject.replace('{login}', login).replace('{provider}', provider);
  const greeting = input.name.trim() ? copy.greeting(input.name.trim()) : copy.anonymousGreeting;
  const body = kind.body
    .replace('{newEmail}', newEmail)
    .replace('{login}', login)
    .replace('{provider}', provider)
    .replace('{message}', message);
  const htmlBody = escapeHtml(kind.body)
    .replace('{newEmail}', `<strong>${escapeHtml(newEmail)}</strong>`)
    .replace('{login}', `<strong>${escapeHtml(login)}</strong>`)
    .replace('{provider}', escapeHtml(provider))
    .replace('{message}', escapeHtml(message))
    .replaceAll('\n', '<br>');
  const footnote = kind.footnote.replace('{provider}', provider);
  const action = link ? `${kind.action ?? link}: ${link}` : null;

  const text = [
    greeting,
    '',
    body,
    '',
    ...(code ? [code, ''] : []),
    ...(action ? [action, ''] : []),
    footnote,
    '',
    copy.signature,
    '',
  ].join('\n');
  const paragraph = 'margin:0 0 16px;font-size:15px;line-height:1.5;color:#181c32';
  const codeBlock = code
    ? `<p style="margin:24px 0;font-family:Consolas,Menlo,monospace;font-size:32px;font-weight:bold;letter-spacing:8px;color:#181c32">${escapeHtml(code)}</p>\n`
    : '';
  const linkBlock = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#009EF7;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(kind.action ?? link)}</a></p>
<p style="${paragraph};font-size:13px;color:#5e6278">${escapeHtml(copy.linkHint)}<br><a href="${escapeHtml(link)}" style="color:#009EF7;word-break:break-all">${escapeHtml(link)}</a></p>\n`
    : '';
  const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f8fa;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="${paragraph};font-weight:bold;font-size:20px">Benchside</p>
<p style="${paragraph}">${escapeHtml(greeting)}</p>
<p style="${paragraph}">${htmlBody}</p>
${codeBlock}${linkBlock}<p style="${paragraph};font-size:13px;color:#5e6278">${escapeHtml(footnote)}</p>
<p style="${paragraph}">${escapeHtml(copy.signature)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html };
}
