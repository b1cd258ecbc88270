import { defineConfig } from 'vitest/config';

/**
 * The browser tests: real headless Chromium against the built site (`npm run test:e2e` builds first).
 * One file at a time: each launches Chromium, and two at once would crowd a 2-core CI runner.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    coverage: { enabled: false },
  },
});
