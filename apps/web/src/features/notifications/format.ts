import { dateTimeFormat, relativeTimeFormat } from '../../lib/format.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * When a notification arrived, in the reader's language: relative while recent ("3 hours ago"),
 * the date and time after a week.
 */
export function formatNotificationTime(iso: string, language: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const age = Math.max(0, now - time);
  if (age >= 7 * DAY_MS) {
    return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  }
  const relative = relativeTimeFormat(language, { numeric: 'auto' });
  if (age < MINUTE_MS) return relative.format(0, 'second');
  if (age < HOUR_MS) return relative.format(-Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return relative.format(-Math.floor(age / HOUR_MS), 'hour');
  return relative.format(-Math.floor(age / DAY_MS), 'day');
}
