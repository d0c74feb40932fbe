import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatFileSize } from './format.ts';

describe('formatDateTime', () => {
  it('follows the chosen language', () => {
    const iso = '2026-03-12T14:05:00Z';
    expect(formatDateTime(iso, 'en')).not.toBe(formatDateTime(iso, 'de'));
    expect(formatDateTime(iso, 'de')).toMatch(/2026/);
  });
});

describe('formatBytes', () => {
  it('sizes in decimal units', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(4_200_000, 'en')).toBe('4.2 MB');
    // German puts a no-break space between number and unit.
    expect(formatBytes(1_500_000_000, 'de')).toBe('1,5\u00a0GB');
  });
});

describe('formatFileSize', () => {
  it('sizes in units of 1024', () => {
    expect(formatFileSize(812, 'en')).toBe('812 byte');
    expect(formatFileSize(1_468_006, 'en')).toBe('1.4 MB');
    expect(formatFileSize(10 * 1024 * 1024, 'en')).toBe('10 MB');
  });
});
