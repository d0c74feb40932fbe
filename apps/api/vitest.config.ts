import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Real scrypt hashes and a real database per file: seconds, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
