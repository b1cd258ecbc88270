import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The tests Stryker runs against each mutant (stryker.config.mjs). The command-line tests run the engine
// in child processes, where no mutant is ever active, so they could only slow the run down; the page's
// tests reach the refusal layers through the UI, and the layers' own tests are the ones that must notice
// a change to them. The benchmark test times things, which a mutant may slow on purpose. The index
// file's tests check its codec and integrity, and reach the mutated modules only on the way. The rule on
// src/'s source text would read Stryker's instrumented copies. The tests of the evaluation run and of
// traces ask questions outside any test (in beforeAll, and while their suites are collected): every
// mutant those questions reach would count as static and be re-run against every test with the modules
// reloaded, minutes per module, for kills that the refusal layers' own tests must make anyway.
const config = mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        '**/node_modules/**',
        'tests/cli/**',
        'tests/ui/**',
        'tests/bench/**',
        'tests/src-runs-in-browser.test.ts',
        'tests/evaluation/eval-run.test.ts',
        'tests/evaluation/trace.test.ts',
        'tests/compiled-index/**',
      ],
    },
  }),
);
// The command-line tests are left out, so the scripts they run need no compiling (mergeConfig would add
// to the base's global setup, not replace it). One worker per Stryker runner: Stryker runs two.
config.test = { ...config.test, globalSetup: [], maxWorkers: 1 };

export default config;
