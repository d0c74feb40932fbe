import { describe, expect, it } from 'vitest';
import { limitFromKBps, limitToKBps } from './speed-limit.ts';

describe('the download speed limit in the form', () => {
  it('reads what the technician typed as whole KB/s, 0 meaning no limit', () => {
    expect(limitToKBps('500', 'KB')).toBe(500);
    expect(limitToKBps('2', 'MB')).toBe(2000);
    expect(limitToKBps('1.5', 'MB')).toBe(1500);
    expect(limitToKBps('1,5', 'MB')).toBe(1500);
    expect(limitToKBps(' 0 ', 'MB')).toBe(0);
    expect(limitToKBps('', 'KB')).toBe(0);
  });

  it('refuses what is not a plain number of at least 0', () => {
    for (const typed of ['-1', 'abc', '1e9', '2 MB', '1.2.3', 'Infinity']) {
      expect(limitToKBps(typed, 'KB'), typed).toBeNull();
    }
  });

  it('shows a stored limit in MB when it is whole megabytes, in KB otherwise', () => {
    expect(limitFromKBps(0)).toEqual({ amount: 0, unit: 'KB' });
    expect(limitFromKBps(3000)).toEqual({ amount: 3, unit: 'MB' });
    expect(limitFromKBps(1500)).toEqual({ amount: 1500, unit: 'KB' });
  });
});
