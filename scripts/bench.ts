// npm run bench -- [--quick] [--sizes 1000,10000,100000] [--queries N] [--model bm25|tfidf] [--out DIR]
//
// sourcebound, MiniSearch and FlexSearch on the same synthetic corpora and known-item queries (issue 5):
// build time, saved size raw and gzipped, load time, query latency, memory, hit@1 and MRR@10. Prints a
// table per corpus size and writes the whole report as JSON to DIR/report-<time>.json and DIR/latest.json.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RETRIEVAL_MODEL, RETRIEVAL_MODELS } from '../src/retrieval/model';
import { CONTENDERS, sourceboundWith } from './bench/contenders';
import { FULL_QUERIES, FULL_SIZES, QUICK_QUERIES, QUICK_SIZES, runBench } from './bench/run-bench';
import { formatReport } from './bench/table';
import { parseCommandLine, run, UsageError, writeOutput } from './lib/cli';

const USAGE =
  'usage: npm run bench -- [--quick] [--sizes 1000,10000,100000] [--queries N] [--model bm25|tfidf] [--out DIR]';
const NUMBER_LIST = /^\d+(?:,\d+)*$/u;
const MILLISECONDS = /\.\d+(?=Z$)/u;

function positiveCounts(text: string, flag: string): number[] {
  const counts = NUMBER_LIST.test(text) ? text.split(',').map(Number) : [];
  if (counts.length === 0 || counts.some((count) => count < 1)) {
    throw new UsageError(`${flag} takes positive whole numbers separated by commas, got "${text}"\n${USAGE}`);
  }
  return counts;
}

// "2026-12-03T10:22:05.123Z" → "2026-12-03T10-22-05Z": a file name every system accepts.
function fileStamp(isoDate: string): string {
  return isoDate.replace(MILLISECONDS, '').replaceAll(':', '-');
}

function positiveCount(text: string, flag: string): number {
  const [count, ...rest] = positiveCounts(text, flag);
  if (count === undefined || rest.length > 0) {
    throw new UsageError(`${flag} takes one positive whole number, got "${text}"\n${USAGE}`);
  }
  return count;
}

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        quick: { type: 'boolean', default: false },
        sizes: { type: 'string' },
        queries: { type: 'string' },
        model: { type: 'string', default: DEFAULT_RETRIEVAL_MODEL.kind },
        out: { type: 'string', default: 'bench' },
      },
    },
    USAGE,
  );
  const sizes =
    values.sizes === undefined
      ? [...(values.quick ? QUICK_SIZES : FULL_SIZES)]
      : positiveCounts(values.sizes, '--sizes');
  const queryCount =
    values.queries === undefined
      ? values.quick
        ? QUICK_QUERIES
        : FULL_QUERIES
      : positiveCount(values.queries, '--queries');

  const model = Object.hasOwn(RETRIEVAL_MODELS, values.model) ? RETRIEVAL_MODELS[values.model] : undefined;
  if (model === undefined) {
    throw new UsageError(
      `--model takes ${Object.keys(RETRIEVAL_MODELS).join(' or ')}, not "${values.model}"\n${USAGE}`,
    );
  }
  const contenders = [sourceboundWith(model), ...CONTENDERS.slice(1)];
  const report = await runBench({ sizes, queryCount, contenders, log: (line) => console.error(line) });
  console.log(formatReport(report));

  mkdirSync(values.out, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const file = join(values.out, `report-${fileStamp(report.date)}.json`);
  writeOutput({ path: file, what: 'report', data: json });
  writeOutput({ path: join(values.out, 'latest.json'), what: 'report', data: json });
  console.error(`bench: wrote ${file} and ${join(values.out, 'latest.json')}`);
  return 0;
});
