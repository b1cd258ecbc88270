// npm run eval:suite -- [--only NAME,NAME] [--report FILE]
//
// Every evaluation set this project steers by, each in its own process, with no key (the extractive
// stand-in): one table, one JSON report in reports/; a full run also writes README.md's results block
// and docs/results.md (scripts/lib/suite-results.ts). A set whose files are not on this machine is
// reported absent; a corpus the ingest refuses is reported "not ingestible", with the reason. Neither
// is ever counted as a pass.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ask, createEngine } from '../src/ask/engine';
import { createExtractiveClient } from '../src/reader/extractive';
import { writeAtomically } from './lib/atomic-write';
import { type Preparation, sets } from './lib/benchmark-sets';
import { parseCommandLine, readText, run, UsageError, writeOutput } from './lib/cli';
import { defaultEncoder } from './lib/encoder';
import { addRecord, emptyCounts, recordOf, type SuiteRecord } from './lib/suite';
import {
  currentCommit,
  formatted,
  LEGEND,
  README_PATH,
  RESULTS_PATH,
  type RunFacts,
  readmeBlock,
  replaceMarkedBlock,
  resultsDocument,
  type SetReport,
  setNotes,
  suiteTable,
} from './lib/suite-results';
import { defaultVectors, withDefaultVectors } from './lib/vector-table';

const USAGE = 'usage: npm run eval:suite -- [--only NAME,NAME] [--report FILE] [--lexical]';
async function runSet(name: string, prepare: () => Preparation, lexical: boolean): Promise<SetReport> {
  const prepared = prepare();
  if (!prepared.ok) return { name, status: prepared.status, reason: prepared.reason };
  const { index, items, skipped, source } = prepared.set;
  const engine = withDefaultVectors(createEngine(index), {
    lexical,
    encoder: await defaultEncoder({ lexical }),
  });
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
      // Node's flags as this process got them (tsx, and the hook that imports the prompts: package.json), but
      // a debugger's, whose port each child would take again.
      [
        ...process.execArgv.filter((flag) => !flag.startsWith('--inspect')),
        'scripts/eval-suite.ts',
        '--child',
        name,
        ...(lexical ? ['--lexical'] : []),
      ],
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

function printTable(reports: readonly SetReport[]): void {
  for (const line of suiteTable(reports)) console.log(line);
  console.log('');
  for (const note of setNotes(reports)) console.log(note);
  console.log(`\n${LEGEND}`);
}

/** A full run with both channels is the project's current result: README.md's block and docs/results.md. */
function writeResults(options: { reports: readonly SetReport[]; run: RunFacts }): void {
  const readme = readText(README_PATH, 'README');
  writeAtomically({
    path: README_PATH,
    data: formatted(
      README_PATH,
      replaceMarkedBlock({ text: readme, block: readmeBlock(options), path: README_PATH }),
    ),
  });
  writeAtomically({ path: RESULTS_PATH, data: formatted(RESULTS_PATH, resultsDocument(options)) });
  console.log(`wrote the results into ${README_PATH} (between its markers) and ${RESULTS_PATH}`);
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
  // Read before the sets run, so that the figures name the code that produced them.
  const commit = currentCommit();
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
  const channels = values.lexical ? 'lexical' : 'words, word vectors and the sentence encoder';
  if (values.only === undefined && !values.lexical) {
    writeResults({ reports, run: { date: new Date().toISOString().slice(0, 10), commit, channels } });
  } else {
    console.log(`not written into ${README_PATH} or ${RESULTS_PATH}: only a full run with both channels is`);
  }
  const path = values.report ?? join('reports', `eval-suite-${timestamp()}.json`);
  writeOutput({
    path,
    what: 'report',
    data: `${JSON.stringify({ date: new Date().toISOString(), generator: 'extractive stand-in, no key', commit, channels, sets: reports }, null, 1)}\n`,
  });
  console.log(`report: ${path}`);
  return 0;
});
