// @ts-check
// Mutation testing of the refusal layers and of the stand-in's reader and retrieval: which changes to
// the code does no test notice? Run it with `npm run test:mutation` (scripts/mutation.ts), which adds the
// quick mode and each module's own floor; `npx stryker run` runs this configuration as it is.
//
// No type checker: Stryker's checker drives the TypeScript compiler API, and TypeScript 7 (the native
// compiler this project type-checks with) has none. A mutant that would not compile is therefore run
// like any other; vitest strips types without checking them, so it is tested as the JavaScript it is.

/** The modules whose mutants decide a refusal: a surviving mutant here is a missing test. */
export const REFUSAL_CORE = [
  'src/ask/gate.ts',
  'src/ask/verify.ts',
  'src/text/quotes.ts',
  'src/text/figures.ts',
  'src/ask/engine.ts',
];

/** What the refusals rest on: reading a model's reply, the Claude client, retrieval. */
export const SUPPORTING = [
  'src/generation/reply.ts',
  'src/generation/claude.ts',
  'src/retrieval/inverted-index.ts',
];

/**
 * The stand-in: its reader and answerability check, the units it reads a passage as, the question as it
 * reads it once (reader/question/, with the small words it reads as slips), its hard rules
 * (reader/rules/), the days of the week a text names, and the reply version a prompt asks for. Measured,
 * their survivors written down.
 */
export const READER = [
  'src/reader/answerability.ts',
  'src/reader/extractive.ts',
  'src/reader/read.ts',
  'src/reader/features.ts',
  'src/reader/kinds.ts',
  'src/reader/constraints.ts',
  'src/reader/question/form.ts',
  'src/reader/question/shape.ts',
  'src/reader/question/constraints.ts',
  'src/reader/question/question.ts',
  'src/reader/question/typos.ts',
  'src/reader/rules/constraint.ts',
  'src/reader/rules/kind.ts',
  'src/reader/rules/name-run.ts',
  'src/reader/rules/name.ts',
  'src/reader/rules/negation.ts',
  'src/reader/rules/opposite.ts',
  'src/reader/rules/other-figure.ts',
  'src/reader/rules/year.ts',
  'src/reader/stated.ts',
  'src/reader/units.ts',
  'src/generation/reply-version.ts',
  'src/text/days.ts',
];

/** `--quick`, run by CI on every change: the gate, the verifier and ask(). */
export const QUICK = ['src/ask/gate.ts', 'src/ask/verify.ts', 'src/ask/engine.ts'];

/** The lowest mutation score (%) each module may have; scripts/mutation.ts checks every one it ran. */
export const FLOORS = Object.fromEntries([
  ...REFUSAL_CORE.map((file) => [file, 95]),
  ...[...SUPPORTING, ...READER].map((file) => [file, 85]),
]);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  mutate: [...REFUSAL_CORE, ...SUPPORTING, ...READER],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // Each mutant runs only the tests that reached it in the initial run.
  coverageAnalysis: 'perTest',
  checkers: [],
  // Stryker rewrites the tsconfig named here with the TypeScript compiler API, which TypeScript 7 lacks
  // (the run stops with "ts.parseConfigFileTextToJson is not a function"). The rewrite only moves paths
  // that point outside the project, and ours has none, so no file is named.
  tsconfigFile: '',
  // The machine has two cores, shared.
  concurrency: 2,
  ignorePatterns: ['dist', 'coverage', 'generated', 'bench', 'public', 'docs'],
  reporters: ['html', 'json', 'clear-text', 'progress'],
  // Survivors with their diff; the tests that ran them are in the HTML report.
  clearTextReporter: { logTests: false },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Over every module run; scripts/mutation.ts holds each module to its own floor as well.
  thresholds: { high: 95, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
