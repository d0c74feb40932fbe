import { defineProject } from 'vitest/config';

// Checks of the repository itself: documents that cite code, and the rules between the parts.
export default defineProject({
  test: { name: 'repo', environment: 'node', include: ['checks/**/*.test.ts'] },
});
