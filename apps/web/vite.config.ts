import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards everything the API process owns, so `vite` works against `npm start`.
const apiOrigin = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': apiOrigin, '/dl': apiOrigin, '/dev': apiOrigin },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3's Sass still uses @import and global functions; its warnings are not ours to fix.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    target: 'es2022',
    reportCompressedSize: true,
  },
});
