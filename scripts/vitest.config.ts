import { defineProject } from 'vitest/config';

// Checks of the repository itself (documents that cite code, the rules between the parts) and
// tests of the scripts that start the whole portal.
export default defineProject({
  test: {
    name: 'repo',
    environment: 'node',
    include: ['**/*.test.ts'],
    // The start-script tests build and start the whole portal: seconds to minutes.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
