import { describe, expect, it } from 'vitest';
import { formatEta } from './format.ts';

describe('download figures in the reader language', () => {
  it('time left in seconds, minutes or hours', () => {
    expect(formatEta(45, 'en')).toBe('45 sec');
    expect(formatEta(600, 'en')).toBe('10 min');
    expect(formatEta(5400, 'en')).toBe('1.5 hr');
  });
});
