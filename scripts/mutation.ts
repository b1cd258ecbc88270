// npm run test:mutation -- [--quick] [--mutate FILE,FILE] [--concurrency N] [--incremental]
//
// Mutation testing with StrykerJS (stryker.config.mjs): every change Stryker makes to the refusal layers,
// the Claude client, the stand-in and retrieval, run against the tests that reach it. `--quick` mutates
// only the gate, the verifier and ask(), which CI runs on every change. Prints each module's score and
// fails when one is below its floor (FLOORS in stryker.config.mjs); Stryker's own `thresholds.break` is
// set to the lowest floor of the modules run. Reports: reports/mutation/index.html and mutation.json.
// `--incremental` reuses the last run's results (reports/stryker-incremental.json) for the mutants and
// tests that did not change: for work in progress; figures quoted anywhere come from a run without it.

import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import { z } from 'zod';
import { parseCommandLine, run, UsageError } from './lib/cli';

const USAGE =
  'usage: npm run test:mutation -- [--quick] [--mutate FILE,FILE] [--concurrency N] [--incremental]';

// The configuration is a JavaScript module that Stryker reads itself; its named exports are read here.
const ModuleLists = z.object({
  QUICK: z.array(z.string()),
  FLOORS: z.record(z.string(), z.number()),
  default: z.looseObject({
    mutate: z.array(z.string()),
    thresholds: z.object({ high: z.number(), low: z.number(), break: z.number() }),
  }),
});

/** Killed and timed-out mutants are detected; survivors and mutants no test reaches are not. */
const DETECTED = new Set(['Killed', 'Timeout']);

interface ModuleScore {
  file: string;
  detected: number;
  survived: number;
  noCoverage: number;
  /** Detected of those that are valid (compile and runtime errors and ignored mutants are not), in %. */
  score: number;
}

function scoresByModule(results: ReadonlyArray<{ fileName: string; status: string }>): ModuleScore[] {
  const byFile = new Map<string, ModuleScore>();
  for (const { fileName, status } of results) {
    const file = relative(process.cwd(), fileName);
    const entry = byFile.get(file) ?? { file, detected: 0, survived: 0, noCoverage: 0, score: 0 };
    if (DETECTED.has(status)) entry.detected++;
    else if (status === 'Survived') entry.survived++;
    else if (status === 'NoCoverage') entry.noCoverage++;
    byFile.set(file, entry);
  }
  for (const entry of byFile.values()) {
    const valid = entry.detected + entry.survived + entry.noCoverage;
    entry.score = valid === 0 ? 100 : (100 * entry.detected) / valid;
  }
  return [...byFile.values()];
}

async function main(): Promise<number> {
  const { values } = parseCommandLine(
    {
      options: {
        quick: { type: 'boolean', default: false },
        mutate: { type: 'string' },
        concurrency: { type: 'string' },
        incremental: { type: 'boolean', default: false },
      },
      allowPositionals: false,
    },
    USAGE,
  );
  const config = ModuleLists.parse(await import(pathToFileURL('stryker.config.mjs').href));
  if (values.quick && values.mutate !== undefined)
    throw new UsageError(`--quick names its own modules\n${USAGE}`);
  const mutate = values.quick ? config.QUICK : (values.mutate?.split(',') ?? config.default.mutate);
  const unknown = mutate.filter((file) => config.FLOORS[file] === undefined);
  if (unknown.length > 0) {
    throw new UsageError(`no floor for ${unknown.join(', ')} in stryker.config.mjs (FLOORS)\n${USAGE}`);
  }
  const floors = mutate.map((file) => config.FLOORS[file] as number);
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
    throw new UsageError(
      `--concurrency takes a whole number of processes, got ${values.concurrency}\n${USAGE}`,
    );
  }

  const results = await new Stryker({
    mutate,
    thresholds: { ...config.default.thresholds, break: Math.min(...floors) },
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(values.incremental ? { incremental: true } : {}),
  }).runMutationTest();

  const scores = scoresByModule(results).sort((a, b) => mutate.indexOf(a.file) - mutate.indexOf(b.file));
  const below = scores.filter(({ file, score }) => score < (config.FLOORS[file] as number));
  // A Markdown table, as the README quotes it.
  console.log('\n| module | mutants | detected | survived | no coverage | score | floor |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { file, detected, survived, noCoverage, score } of scores) {
    const floor = config.FLOORS[file] as number;
    const valid = detected + survived + noCoverage;
    const mark = score < floor ? ' BELOW' : '';
    console.log(
      `| ${file} | ${valid} | ${detected} | ${survived} | ${noCoverage} | ${score.toFixed(1)}%${mark} | ${floor}% |`,
    );
  }
  if (below.length > 0) {
    console.error(`\nmutation: ${below.map(({ file }) => file).join(', ')} below the floor`);
    return 1;
  }
  // Stryker sets the exit code itself when the whole is under thresholds.break.
  return Number(process.exitCode ?? 0);
}

run(main);
