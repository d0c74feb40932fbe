import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DUMMY_HASH,
  hashPassword,
  hashPasswordsAtCost,
  PASSWORD_COST_LOG2,
  verifyPassword,
  verifyPasswordOrDummy,
} from './passwords.ts';

describe('passwords', () => {
  // Production's cost, whatever an earlier file of this worker set.
  beforeEach(() => hashPasswordsAtCost(PASSWORD_COST_LOG2));
  it('hashes with scrypt N=2^17, r=8, p=1 and a fresh salt, parameters kept in the hash', async () => {
    const first = await hashPassword('Demo#Bench2026');
    const second = await hashPassword('Demo#Bench2026');
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(second).not.toBe(first);
  });

  it('verifies the right password and refuses a wrong or malformed one', async () => {
    const hash = await hashPassword('Demo#Bench2026');
    expect(await verifyPassword('Demo#Bench2026', hash)).toBe(true);
    expect(await verifyPassword('demo#bench2026', hash)).toBe(false);
    expect(await verifyPassword('Demo#Bench2026', 'plain-text')).toBe(false);
    expect(await verifyPassword('Demo#Bench2026', hash.replace('$17$', '$16$'))).toBe(false);
  });

  it('takes as long without a user as with a wrong password', async () => {
    const hash = await hashPassword('Demo#Bench2026');
    const time = async (run: () => Promise<boolean>) => {
      const started = performance.now();
      expect(await run()).toBe(false);
      return performance.now() - started;
    };
    // Interleaved rounds and medians, so a busy CI machine slows both sides alike.
    const wrong: number[] = [];
    const missing: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      wrong.push(await time(() => verifyPasswordOrDummy('wrong', hash)));
      missing.push(await time(() => verifyPasswordOrDummy('wrong', null)));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    expect(median(missing) / median(wrong)).toBeGreaterThan(0.4);
    expect(median(missing) / median(wrong)).toBeLessThan(2.5);
  });

  it('keeps the dummy hash on the current parameters', async () => {
    expect(DUMMY_HASH.split('$').slice(0, 4)).toEqual((await hashPassword('x')).split('$').slice(0, 4));
  });

  describe('at a test run’s cost', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      hashPasswordsAtCost(PASSWORD_COST_LOG2);
    });

    it('hashes at the cost asked for, and a check reads the cost from the hash', async () => {
      hashPasswordsAtCost(10);
      const cheap = await hashPassword('Demo#Bench2026');
      expect(cheap).toMatch(/^scrypt\$10\$8\$1\$/);
      hashPasswordsAtCost(PASSWORD_COST_LOG2);
      expect(await verifyPassword('Demo#Bench2026', cheap)).toBe(true);
      expect(await verifyPassword('Demo#Bench2027', cheap)).toBe(false);
      expect(await verifyPassword('Demo#Bench2026', cheap.replace('$10$', '$11$'))).toBe(false);
    });

    it('checks an unknown user against a dummy hash of the same cost', async () => {
      hashPasswordsAtCost(10);
      const hash = await hashPassword('Demo#Bench2026');
      const time = async (run: () => Promise<boolean>) => {
        const started = performance.now();
        expect(await run()).toBe(false);
        return performance.now() - started;
      };
      await verifyPasswordOrDummy('wrong', null);
      // Production's dummy would take a hundred times as long as this cost's check.
      const wrong = await time(() => verifyPasswordOrDummy('wrong', hash));
      const missing = await time(() => verifyPasswordOrDummy('wrong', null));
      expect(missing).toBeLessThan(Math.max(20 * wrong, 100));
    });

    it('is refused under NODE_ENV=production, and outside 2^10 to production’s cost', () => {
      for (const cost of [9, 18, 12.5, Number.NaN])
        expect(() => hashPasswordsAtCost(cost)).toThrow(RangeError);
      vi.stubEnv('NODE_ENV', 'production');
      expect(() => hashPasswordsAtCost(10)).toThrow('The password hashing cost is fixed in production');
      expect(() => hashPasswordsAtCost(PASSWORD_COST_LOG2)).toThrow();
    });
  });
});
