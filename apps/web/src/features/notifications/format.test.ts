import { describe, expect, it } from 'vitest';
import { formatNotificationTime } from './format.ts';

const NOW = Date.parse('2026-03-12T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('notification time', () => {
  it('is relative while recent, in the reader’s language', () => {
    expect(formatNotificationTime(ago(10_000), 'en', NOW)).toBe('now');
    expect(formatNotificationTime(ago(5 * 60_000), 'en', NOW)).toBe('5 minutes ago');
    expect(formatNotificationTime(ago(3 * 3_600_000), 'en', NOW)).toBe('3 hours ago');
    expect(formatNotificationTime(ago(2 * 86_400_000), 'de', NOW)).toBe('vorgestern');
  });

  it('is a date and time after a week', () => {
    expect(formatNotificationTime('2026-02-01T09:30:00Z', 'en', NOW)).toMatch(/Feb 1, 2026/);
  });
});
