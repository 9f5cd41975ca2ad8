import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    // the test files of a worker share one process and its modules (React, Radix, the app): each file still
    // gets its own jsdom; test/setup.ts resets what the modules keep between tests (docs/testing.md)
    isolate: false,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // a file's first test also loads its lazy pages and their widgets (jsdom, no cache): seconds on a busy CI
    testTimeout: 15_000,
  },
});
