import { defineConfig } from 'vitest/config';
import { JSX } from './jsx.config.ts';

export default defineConfig({
  oxc: JSX,
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // Compiles scripts/ once for the command-line tests (tests/helpers/script-bundles.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    // vitest's default is one worker fewer than the cores, which on CI's two is one: the command-line
    // tests, which mostly wait on the processes they start, then hold up every other file.
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'src/**/*.tsx'],
      exclude: [
        // Declarations and assertNever only.
        'src/types.ts',
        // The page's entry and the service-worker prompt need a built site and a browser; the browser
        // tests (npm run test:e2e) cover them.
        'src/ui/shell/main.tsx',
        'src/ui/shell/update-notice.tsx',
        // Worker entries: a few lines of message wiring around tested functions, run in the browser tests.
        'src/ui/shell/index-worker.ts',
        'src/ui/own-documents/ingest-worker.ts',
      ],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 85 },
    },
  },
});
