import type { RateLimitRule } from '@benchside/server/rate-limit';

const MINUTE_MS = 60 * 1000;

/**
 * The rate limits of the account routes (ASVS 5 V6.3.1: anti-automation). Login counters count
 * attempts; a right password takes its attempt back, so they effectively count failures.
 */
export const LIMITS = {
  /** Per account (the user's id, or the lower-cased login when there is no such user). */
  loginAccount: { name: 'login-account', limit: 10, windowMs: 15 * MINUTE_MS },
  loginIp: { name: 'login-ip', limit: 50, windowMs: 15 * MINUTE_MS },
  /** Two-factor code checks from one address; each challenge also dies after 5 wrong codes. */
  codeIp: { name: 'code-ip', limit: 30, windowMs: 15 * MINUTE_MS },
  /**
   * Wrong two-factor codes of one account across all its challenges, from any address. A right
   * password refunds nothing: whoever fills it knows the password, so once it is full the
   * account's code sign-in stops (no code checks, challenges or code mails) and the owner is warned.
   */
  codeAccount: {
    name: 'code-account',
    limit: 10,
    windowMs: 60 * MINUTE_MS,
    message: 'Too many wrong confirmation codes for this account. Please try again later.',
  },
  /**
   * Mails of one purpose to one address or account (verification, reset, change of e-mail; codes
   * count per account, whether a sign-in or a resend asks).
   */
  mailRecipient: { name: 'mail-recipient', limit: 5, windowMs: 15 * MINUTE_MS },
  /** Every e-mail-sending call from one address, signed out or in. */
  mailIp: { name: 'mail-ip', limit: 50, windowMs: 60 * MINUTE_MS },
  /** New passwords set with reset links from one address, counted before the link is looked up. */
  resetIp: { name: 'reset-ip', limit: 20, windowMs: 15 * MINUTE_MS },
  /** Current-password checks of a signed-in user (change of password or e-mail). */
  passwordCheck: { name: 'password-check', limit: 10, windowMs: 15 * MINUTE_MS },
  /** Refund requests of a signed-in user: each opens a support conversation. */
  refundRequest: {
    name: 'credit-refund-request',
    limit: 10,
    windowMs: 60 * MINUTE_MS,
    message: 'Too many refund requests. Please try again later.',
  },
  /** Watches added or removed by a signed-in user: a person toggles a few, a script thousands. */
  watchChange: {
    name: 'watch-change',
    limit: 120,
    windowMs: 15 * MINUTE_MS,
    message: 'Too many watch list changes. Please try again later.',
  },
} satisfies Record<string, RateLimitRule>;
