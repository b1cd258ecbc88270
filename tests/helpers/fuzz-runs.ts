// The generated properties run small in `npm test` and large in `npm run test:fuzz` (FUZZ_RUNS=100000).

/** How many cases a run tries: FUZZ_RUNS from the environment, 300 by default. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? '300');

/** Give each case time, not the whole run vitest's 5 s. */
export const FUZZ_TIMEOUT = 10_000 + FUZZ_RUNS * 50;

/**
 * In npm test, a fixed seed: the suite's verdict never depends on the draw. npm run test:fuzz draws
 * afresh every run (and prints the seed of any case it finds).
 */
export const FUZZ_PARAMETERS = {
  numRuns: FUZZ_RUNS,
  ...(process.env.FUZZ_RUNS === undefined ? { seed: 20261203 } : {}),
};
