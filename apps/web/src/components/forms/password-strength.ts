/** Spec §5 password strength meter: five checks, each worth an equal share of the score. */
export const PASSWORD_STRENGTH_MIN_LENGTH = 8;

export type PasswordCheck = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';

const CHECKS: Record<PasswordCheck, (password: string) => boolean> = {
  length: (password) => password.length >= PASSWORD_STRENGTH_MIN_LENGTH,
  lowercase: (password) => /\p{Ll}/u.test(password),
  uppercase: (password) => /\p{Lu}/u.test(password),
  digit: (password) => /\d/.test(password),
  special: (password) => /[^\p{L}\d\s]/u.test(password),
};

export const PASSWORD_CHECKS = Object.keys(CHECKS) as PasswordCheck[];

export type StrengthLevel = 'none' | 'veryWeak' | 'weak' | 'medium' | 'strong' | 'veryStrong';

const LEVELS: StrengthLevel[] = ['none', 'veryWeak', 'weak', 'medium', 'strong', 'veryStrong'];

export interface PasswordStrength {
  /** 0..100, in steps of 20. */
  score: number;
  passed: Record<PasswordCheck, boolean>;
  level: StrengthLevel;
}

export function measurePasswordStrength(password: string): PasswordStrength {
  const passed = Object.fromEntries(
    PASSWORD_CHECKS.map((check) => [check, CHECKS[check](password)]),
  ) as Record<PasswordCheck, boolean>;
  const count = PASSWORD_CHECKS.filter((check) => passed[check]).length;
  return {
    score: (count * 100) / PASSWORD_CHECKS.length,
    passed,
    level: password ? (LEVELS[count] ?? 'none') : 'none',
  };
}
