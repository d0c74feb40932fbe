import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Real scrypt hashes and a real database per file: seconds, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's module cache instead of importing the server afresh each (a third of
    // the project's time). Safe because the server keeps no state in modules (but the process-wide
    // bound on password hashing, idle once a file's requests have answered): every file builds its
    // own app, database and ports, and nothing here mocks a module.
    isolate: false,
  },
});
