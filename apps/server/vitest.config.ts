import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // the test files of a worker share one process: the app's modules load once a worker, not once a file
    // (each file still opens its own database and app); docs/testing.md
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
