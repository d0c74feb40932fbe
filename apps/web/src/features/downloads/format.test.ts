import { describe, expect, it } from 'vitest';
import { formatBytes, formatEta, formatSpeed } from './format.ts';

describe('download figures in the reader language', () => {
  it('sizes in decimal units', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(4_200_000, 'en')).toBe('4.2 MB');
    // German puts a no-break space between number and unit.
    expect(formatBytes(1_500_000_000, 'de')).toBe('1,5\u00a0GB');
  });

  it('speeds per second', () => {
    expect(formatSpeed(12_340_000, 'en')).toBe('12.3 MB/s');
  });

  it('time left in seconds, minutes or hours', () => {
    expect(formatEta(45, 'en')).toBe('45 sec');
    expect(formatEta(600, 'en')).toBe('10 min');
    expect(formatEta(5400, 'en')).toBe('1.5 hr');
  });
});
