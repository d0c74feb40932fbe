import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';

describe('formatDateTime', () => {
  it('follows the chosen language', () => {
    const iso = '2026-03-12T14:05:00Z';
    expect(formatDateTime(iso, 'en')).not.toBe(formatDateTime(iso, 'de'));
    expect(formatDateTime(iso, 'de')).toMatch(/2026/);
  });
});
