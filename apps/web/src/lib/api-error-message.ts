import i18next, { type TFunction } from 'i18next';
import { relativeTimeFormat } from './format.ts';
import { ApiError } from './http.ts';
import { translateMessage } from './i18n.ts';

/** How long a rate-limited user waits, in the reader's language ("in 5 minutes"). */
export function formatRetryAfter(seconds: number, language: string): string {
  const format = relativeTimeFormat(language, { numeric: 'always' });
  if (seconds < 90) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

/**
 * The sentence to show for a failed call: the server's message (translated when we know it), else
 * the flow's fallback from the spec; a rate limit also says when to try again.
 */
export function apiErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  const apiError = error instanceof ApiError ? error : null;
  const message = translateMessage(t, apiError?.body?.message || fallback);
  if (apiError?.status === 429 && apiError.retryAfterSeconds !== null) {
    const when = formatRetryAfter(apiError.retryAfterSeconds, i18next.language || 'en');
    return `${message} ${t('errors.retryAfter', { when })}`;
  }
  return message;
}

/** Server-side rule violations keyed by the form field they concern. */
export function violationsOf(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  return (error.body?.violations ?? []).map((violation) => ({
    field: violation.propertyPath,
    message: violation.message,
  }));
}
