import { describe, expect, it } from 'vitest';
import { measurePasswordStrength } from './password-strength.ts';

describe('measurePasswordStrength', () => {
  it('gives each of the five checks an equal fifth of the score', () => {
    expect(measurePasswordStrength('').score).toBe(0);
    expect(measurePasswordStrength('a').score).toBe(20);
    expect(measurePasswordStrength('aB').score).toBe(40);
    expect(measurePasswordStrength('aB3').score).toBe(60);
    expect(measurePasswordStrength('aB3#').score).toBe(80);
    expect(measurePasswordStrength('aB3#efgh').score).toBe(100);
  });

  it('counts length from 8 characters', () => {
    expect(measurePasswordStrength('abcdefg').passed.length).toBe(false);
    expect(measurePasswordStrength('abcdefgh').passed.length).toBe(true);
    expect(measurePasswordStrength('abcdefgh').score).toBe(40);
  });

  it('tells which checks pass', () => {
    expect(measurePasswordStrength('ABC123!!').passed).toEqual({
      length: true,
      lowercase: false,
      uppercase: true,
      digit: true,
      special: true,
    });
  });

  it('names the level, with nothing typed as its own level', () => {
    expect(measurePasswordStrength('').level).toBe('none');
    expect(measurePasswordStrength('a').level).toBe('veryWeak');
    expect(measurePasswordStrength('aB3').level).toBe('medium');
    expect(measurePasswordStrength('Demo#Bench2026').level).toBe('veryStrong');
  });
});
