import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'src/**/*.tsx'],
      // types.ts is declarations plus assertNever; the UI arrives with the site and brings its own tests.
      exclude: ['src/types.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 85 },
    },
  },
});
