// npm run eval:summary -- [REPORT]
//
// Writes src/ui/eval/benchmark-summary.json, the few figures #/eval shows for every benchmark set, from
// the JSON report `npm run eval:suite` wrote (by default the newest in reports/). The summary is small
// and dated, and is committed; the report is not.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { summarizeReport } from '../src/evaluation/benchmark-summary';
import { parseCommandLine, readText, run, UsageError, writeOutput } from './lib/cli';
import { formatted } from './lib/suite-results';

const USAGE = 'usage: npm run eval:summary -- [REPORT]';
export const SUMMARY_PATH = 'src/ui/eval/benchmark-summary.json';

run(async () => {
  const { positionals } = parseCommandLine({ allowPositionals: true, options: {} }, USAGE);
  const path = positionals[0] ?? newestReport();
  const summary = summarizeReport(JSON.parse(readText(path, 'eval:suite report')));
  writeOutput({
    path: SUMMARY_PATH,
    what: 'summary',
    data: formatted(SUMMARY_PATH, JSON.stringify(summary)),
  });
  console.log(`summary of ${path} (${summary.date}, ${summary.sets.length} sets) written to ${SUMMARY_PATH}`);
  return 0;
});

function newestReport(): string {
  let names: string[] = [];
  try {
    names = readdirSync('reports').filter((name) => /^eval-suite-.*\.json$/u.test(name));
  } catch {
    // No reports/ folder: said below.
  }
  const newest = names.sort().at(-1);
  if (newest === undefined) {
    throw new UsageError(
      `no eval:suite report in reports/; run npm run eval:suite first, or name one\n${USAGE}`,
    );
  }
  return join('reports', newest);
}
