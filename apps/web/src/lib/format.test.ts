import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  expiryCountdown,
  formatBytes,
  formatBytesPerSecond,
  formatDate,
  formatDateTime,
  formatDay,
  numberFormat,
  relativeTimeFormat,
} from './format.ts';

describe('formatBytes', () => {
  it('spells out bytes with the language’s plural', () => {
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(314, 'en')).toBe('314 bytes');
    expect(formatBytes(314, 'de')).toBe('314 Byte');
    expect(formatBytes(314, 'fr')).toBe('314\u00a0octets');
    expect(formatBytes(314, 'es')).toBe('314 bytes');
    expect(formatBytes(314, 'ja')).toBe('314 バイト');
    expect(formatBytes(314, 'zh')).toBe('314字节');
  });

  it('counts larger sizes in thousands, with the language’s decimal mark and unit', () => {
    expect(formatBytes(999, 'en')).toBe('999 bytes');
    expect(formatBytes(1_000, 'en')).toBe('1 kB');
    expect(formatBytes(262_144, 'en')).toBe('262.1 kB');
    expect(formatBytes(1_200_000, 'en')).toBe('1.2 MB');
    // German puts a no-break space between number and unit, French a narrow one and says octets.
    expect(formatBytes(1_500_000_000, 'de')).toBe('1,5\u00a0GB');
    expect(formatBytes(1_500_000_000, 'fr')).toBe('1,5\u202fGo');
    expect(formatBytes(10_000_000, 'es')).toBe('10 MB');
    expect(formatBytes(4_200_000, 'ja')).toBe('4.2 MB');
  });
});

describe('formatBytesPerSecond', () => {
  it('uses the same thousands as sizes', () => {
    expect(formatBytesPerSecond(12_340_000, 'en')).toBe('12.3 MB/s');
    expect(formatBytesPerSecond(12_340_000, 'de')).toBe('12,3 MB/s');
    expect(formatBytesPerSecond(2_500, 'zh')).toBe('2.5 kB/秒');
  });
});

describe('dates in the reader’s language', () => {
  const iso = '2026-03-12T14:05:00Z';

  it('writes the month as each language does', () => {
    expect(formatDate(iso, 'en')).toBe('Mar 12, 2026');
    expect(formatDate(iso, 'de')).toBe('12.03.2026');
    expect(formatDate(iso, 'fr')).toBe('12 mars 2026');
    expect(formatDate(iso, 'ja')).toBe('2026/03/12');
  });

  it('adds the time, and shows a value that is not a date as it came', () => {
    expect(formatDateTime(iso, 'es')).toMatch(/^12 mar 2026, \d{1,2}:05$/);
    expect(formatDateTime(iso, 'zh')).toMatch(/^2026年3月12日 \d{2}:05$/);
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('writes a calendar day as that day whatever the time zone, and a value that is not a day as it came', () => {
    // Midnight UTC is still the day before west of Greenwich: a release date must not move.
    expect(formatDay('2024-05-01', 'en')).toBe('May 1, 2024');
    expect(formatDay('2024-05-01', 'de')).toBe('01.05.2024');
    expect(formatDay('2024-13-45', 'en')).toBe('2024-13-45');
  });
});

describe('expiryCountdown', () => {
  const NOW = new Date('2026-11-25T12:00:00Z');
  const inDays = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000).toISOString();

  it('counts whole days ahead, warns within a week, and says how long ago once expired', () => {
    expect(expiryCountdown(inDays(12), NOW, 'en')).toEqual({
      expired: false,
      soon: false,
      relative: 'in 12 days',
    });
    expect(expiryCountdown(inDays(7), NOW, 'en')).toEqual({
      expired: false,
      soon: true,
      relative: 'in 7 days',
    });
    expect(expiryCountdown(inDays(-3), NOW, 'en')).toEqual({
      expired: true,
      soon: false,
      relative: '3 days ago',
    });
  });

  it('counts hours on the last day, never "tomorrow" for an end a few hours away', () => {
    expect(expiryCountdown(inDays(0.1), NOW, 'en').relative).toBe('in 3 hours');
    expect(expiryCountdown(inDays(1), NOW, 'en').relative).toBe('in 1 day');
  });

  it('uses each language’s own plural forms', () => {
    expect(expiryCountdown(inDays(1), NOW, 'de').relative).toBe('in 1 Tag');
    expect(expiryCountdown(inDays(5), NOW, 'de').relative).toBe('in 5 Tagen');
    expect(expiryCountdown(inDays(-2), NOW, 'fr').relative).toBe('il y a 2 jours');
    expect(expiryCountdown(inDays(5), NOW, 'es').relative).toBe('dentro de 5 días');
    expect(expiryCountdown(inDays(5), NOW, 'ja').relative).toBe('5 日後');
    expect(expiryCountdown(inDays(5), NOW, 'zh').relative).toBe('5天后');
  });
});

describe('cached formatters', () => {
  it('builds one formatter per language and options and gives it back, each formatting its own way', () => {
    expect(numberFormat('de')).toBe(numberFormat('de'));
    expect(numberFormat('de', { style: 'percent' })).toBe(numberFormat('de', { style: 'percent' }));
    expect(numberFormat('de')).not.toBe(numberFormat('en'));
    expect(numberFormat('de').format(1234.5)).toBe('1.234,5');
    expect(numberFormat('en').format(1234.5)).toBe('1,234.5');
    expect(numberFormat('de', { style: 'percent' }).format(0.5)).toBe('50\u00a0%');
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 2, 12))).toBe(
      'Mar 12, 2026',
    );
    expect(relativeTimeFormat('fr', { numeric: 'always' }).format(2, 'day')).toBe('dans 2 jours');
  });
});
