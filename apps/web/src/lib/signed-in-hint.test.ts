import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './auth.ts';

describe('hasSignedInHint', () => {
  it('finds the hint cookie among others', () => {
    expect(hasSignedInHint('theme=dark; bs_signed_in=1')).toBe(true);
    expect(hasSignedInHint('bs_signed_in=1')).toBe(true);
  });

  it('is false without it, so a signed-out visitor never waits for GET /api/me', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('bs_signed_in=')).toBe(false);
    expect(hasSignedInHint('not_bs_signed_in=1')).toBe(false);
  });
});
