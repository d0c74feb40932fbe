import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Code, wherever it is; the decisions may name the function. */
const CODE = ['*.ts', '*.tsx', '*.mts', '*.js', '*.mjs', '*.cjs'];

/** Where the password hashing cost may be lowered: its own module, the test kit and tests (decision 165). */
const MAY_SET_THE_COST = [/^packages\/server\/src\/passwords\.ts$/, /^packages\/test-kit\//, /\.test\.ts$/];

describe('the password hashing cost', () => {
  it('is set only by the test kit and tests, never by code a deployment runs', () => {
    // Every tracked and untracked file counts; the test kit's own call means the list is never empty.
    const files = execFileSync(
      'git',
      ['grep', '-l', '--untracked', '--exclude-standard', 'hashPasswordsAtCost(', '--', ...CODE],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean);
    expect(files).toContain('packages/test-kit/src/start-api.ts');
    expect(files.filter((file) => !MAY_SET_THE_COST.some((allowed) => allowed.test(file)))).toEqual([]);
  });
});
