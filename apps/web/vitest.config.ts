import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localeAreas } from './locale-areas.ts';

export default defineProject({
  plugins: [react(), localeAreas()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // Form tests render whole pages in jsdom; a busy 2-core machine needs more than the 5 s default.
    testTimeout: 15_000,
  },
});
