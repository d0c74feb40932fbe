import type { TFunction } from 'i18next';
import { ApiError } from './http.ts';

/** Brand names, the same in every language. */
export const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook' } as const;

const REASONS = [
  'no-email',
  'email-taken',
  'already-linked',
  'linked-elsewhere',
  'provider-linked',
  'last-method',
];

/**
 * A refusal of the social sign-in routes in the reader's language: the server adds a `reason` to
 * its English message, which stays the fallback.
 */
export function socialRefusalMessage(
  t: TFunction,
  error: unknown,
  provider: 'google' | 'facebook',
): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  const reason = error.body.reason;
  if (typeof reason !== 'string' || !REASONS.includes(reason)) return error.body.message;
  return t(`social.reasons.${reason}`, { provider: PROVIDER_NAMES[provider] });
}
