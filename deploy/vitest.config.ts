import { defineConfig } from 'vitest/config';

// The reference deployment (npm run test:deploy): not part of `vitest run`, because it needs an
// empty PostgreSQL database and Debian's nginx; .ci/run gives it both.
export default defineConfig({
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['deploy/test/**/*.test.ts'],
    root: new URL('..', import.meta.url).pathname,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
