import { describe, expect, it } from 'vitest';
import { formatEta, formatSpeed } from './format.ts';

describe('download figures in the reader language', () => {
  it('speeds per second', () => {
    expect(formatSpeed(12_340_000, 'en')).toBe('12.3 MB/s');
  });

  it('time left in seconds, minutes or hours', () => {
    expect(formatEta(45, 'en')).toBe('45 sec');
    expect(formatEta(600, 'en')).toBe('10 min');
    expect(formatEta(5400, 'en')).toBe('1.5 hr');
  });
});
