/** The account e-mails; every language's copy has each of them (spec §2, §9). */
export type MailKind =
  | 'verifyEmail'
  | 'changeEmail'
  | 'confirmEmail'
  | 'resetPassword'
  | 'twoFactorCode'
  | 'passwordChanged'
  | 'twoFactorLocked'
  | 'emailChanged'
  | 'registrationAttempt'
  | 'credentialPassword'
  | 'socialSignUp'
  | 'socialLinked'
  | 'socialUnlinked'
  | 'twoFactorDisabled'
  | 'expiryReminder'
  | 'watchDigest';

interface KindCopy {
  subject: string;
  /** May hold `{newEmail}`, `{login}`, `{provider}` or `{message}` (so may the subject). */
  body: string;
  /** The link's button; kinds without a link have none. */
  action?: string;
  footnote: string;
}

/** One language's words for the account e-mails; `templates.ts` lays them out. */
export interface MailCopy {
  greeting(name: string): string;
  anonymousGreeting: string;
  linkHint: string;
  signature: string;
  kinds: Record<MailKind, KindCopy>;
}
