import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localeAreas } from './locale-areas.ts';

export default defineProject({
  plugins: [react(), localeAreas()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a VM context of a reused worker thread: jsdom is loaded once per worker instead
    // of once per file, which was most of the project's time (decision 162).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // Form tests render whole pages in jsdom; a busy 2-core machine needs more than the 5 s default.
    testTimeout: 15_000,
  },
});
