// npm run eval:suite -- [--only NAME,NAME] [--report FILE]
//
// Every evaluation set this project steers by, each in its own process, with no key (the extractive
// stand-in): one table, one JSON report in reports/. A set whose files are not on this machine is
// reported absent; a corpus the ingest refuses is reported "not ingestible", with the reason. Neither
// is ever counted as a pass.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ask, createEngine } from '../src/ask/engine';
import {
  addRecord,
  emptyCounts,
  recordOf,
  type SuiteCounts,
  type SuiteRecord,
} from '../src/evaluation/suite';
import { createExtractiveClient } from '../src/generation/extractive';
import { REFUSAL_REASONS, type RefusalReason } from '../src/types';
import { type Preparation, sets } from './benchmark-sets';
import { parseCommandLine, run, UsageError, writeOutput } from './cli';
import { defaultVectors, withDefaultVectors } from './vector-table';

const USAGE = 'usage: npm run eval:suite -- [--only NAME,NAME] [--report FILE] [--lexical]';
/** What one set's process sends back. */
type SetReport =
  | {
      name: string;
      status: 'measured';
      source: string;
      passages: number;
      threshold: number;
      gateSource: string;
      skipped: number;
      counts: SuiteCounts;
      records: SuiteRecord[];
    }
  | { name: string; status: 'absent' | 'not ingestible'; reason: string };

async function runSet(name: string, prepare: () => Preparation, lexical: boolean): Promise<SetReport> {
  const prepared = prepare();
  if (!prepared.ok) return { name, status: prepared.status, reason: prepared.reason };
  const { index, items, skipped, source } = prepared.set;
  const engine = withDefaultVectors(createEngine(index), { lexical });
  const client = createExtractiveClient();
  const counts = emptyCounts();
  const records: SuiteRecord[] = [];
  for (const item of items) {
    const result = await ask({ engine, client, question: item.question });
    const record = recordOf(item, result);
    addRecord({ counts, record, contextSize: engine.contextSize });
    records.push(record);
  }
  return {
    name,
    status: 'measured',
    source,
    passages: index.passages.length,
    threshold: engine.gate.threshold,
    gateSource: engine.gate.source,
    skipped,
    counts,
    records,
  };
}

/** Runs one set in a process of its own, so that no set's index or warm caches help another's. */
function runInChild(name: string, lexical: boolean): Promise<SetReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/eval-suite.ts', '--child', name, ...(lexical ? ['--lexical'] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`eval:suite: the process for set ${name} exited with code ${code}`));
        return;
      }
      resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SetReport);
    });
  });
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((100 * part) / whole).toFixed(0)}%`;
const cell = (part: number, whole: number) => `${part} (${percent(part, whole)})`;

// Short names for the refusal columns, so that the table fits a terminal.
const SHORT: Record<RefusalReason, string> = {
  invalid_question: 'invalid',
  no_relevant_context: 'gate',
  model_reported_no_answer: 'reader',
  missing_citation: 'no-cite',
  fabricated_citation: 'fab-cite',
  unsupported_quote: 'quote',
  ungrounded_figure: 'figure',
  unparseable_response: 'unparseable',
  model_unavailable: 'unavailable',
};

function byReason(counts: Partial<Record<RefusalReason, number>>): string {
  const parts = REFUSAL_REASONS.filter((reason) => (counts[reason] ?? 0) > 0).map(
    (reason) => `${SHORT[reason]} ${counts[reason]}`,
  );
  return parts.length === 0 ? '0' : parts.join(', ');
}

function printTable(reports: readonly SetReport[]): void {
  const header = [
    'set',
    'answerable',
    'correct',
    'wrong',
    'refused (by reason)',
    'unanswerable',
    'false answers',
    'rank 1',
    'top 3',
    'in context',
  ];
  const rows = reports.map((report) => {
    if (report.status !== 'measured') return [report.name, `${report.status}: ${report.reason}`];
    const c = report.counts;
    return [
      report.name,
      String(c.answerable),
      cell(c.correct, c.answerable),
      cell(c.wrong, c.answerable),
      byReason(c.refused),
      String(c.unanswerable),
      cell(c.falseAnswers, c.unanswerable),
      cell(c.rank1, c.answerable),
      cell(c.topK, c.answerable),
      cell(c.inContext, c.answerable),
    ];
  });
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('');
  for (const report of reports) {
    if (report.status !== 'measured') continue;
    const skipped = report.skipped > 0 ? `; ${report.skipped} need a model, left out` : '';
    console.log(
      `${report.name}: ${report.source}; ${report.passages} passages; threshold ${report.threshold} ` +
        `(${report.gateSource})${skipped}; unanswerable refused: ${byReason(report.counts.rightlyRefused)}`,
    );
  }
  console.log(
    '\nNo key: the extractive stand-in answers. "top 3" is the labelled passage among the top contextSize ' +
      'retrieved; "in context" among those given to the stand-in (past the gate).',
  );
}

const timestamp = () =>
  new Date()
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/u, 'Z');

run(async () => {
  const { values } = parseCommandLine(
    {
      options: {
        only: { type: 'string' },
        report: { type: 'string' },
        child: { type: 'string' },
        lexical: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const all = sets();
  if (values.child !== undefined) {
    const prepare = all.get(values.child);
    if (prepare === undefined) throw new UsageError(`no set named ${values.child}`);
    process.stdout.write(JSON.stringify(await runSet(values.child, prepare, values.lexical)));
    return 0;
  }
  const names =
    values.only === undefined ? [...all.keys()] : values.only.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!all.has(name))
      throw new UsageError(`no set named ${name}; the sets are ${[...all.keys()].join(', ')}`);
  }
  // Written before the children start, so that they do not race to write it.
  if (!values.lexical) defaultVectors();
  const reports: SetReport[] = [];
  for (const name of names) {
    const started = performance.now();
    process.stderr.write(`${name}… `);
    const report = await runInChild(name, values.lexical);
    process.stderr.write(`${report.status} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    reports.push(report);
  }
  console.log('');
  printTable(reports);
  const path = values.report ?? join('reports', `eval-suite-${timestamp()}.json`);
  writeOutput({
    path,
    what: 'report',
    data: `${JSON.stringify({ date: new Date().toISOString(), generator: 'extractive stand-in, no key', channels: values.lexical ? 'lexical' : 'lexical and semantic', sets: reports }, null, 1)}\n`,
  });
  console.log(`report: ${path}`);
  return 0;
});
