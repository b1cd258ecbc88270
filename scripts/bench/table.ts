// How a benchmark report reads in a terminal: one Markdown table per corpus size, so that a run can be
// pasted into the README as it is.
import type { BenchReport, CorpusReport, EngineFigures, LoadCost, RatioFigure } from './run-bench';

const MEGABYTE = 1_000_000;
const GIBIBYTE = 1024 ** 3;

interface Row {
  label: string;
  figure: RatioFigure;
  show: (value: number) => string;
}

/** Three significant digits, whole numbers from 100 up: 0.0412, 3.17, 42.5, 1,234. */
function amount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value === 0 ? '0' : value.toPrecision(3);
}

const megabytes = (bytes: number) => amount(bytes / MEGABYTE);
const share = (value: number) => value.toFixed(3);

const ROWS: readonly Row[] = [
  { label: 'build ms', figure: 'buildMs', show: amount },
  { label: 'size raw MB', figure: 'rawBytes', show: megabytes },
  { label: 'size gzip MB', figure: 'gzipBytes', show: megabytes },
  { label: 'load ms', figure: 'loadMs', show: amount },
  { label: 'first query ms', figure: 'firstQueryMs', show: amount },
  { label: 'query p50 ms', figure: 'p50Ms', show: amount },
  { label: 'query p95 ms', figure: 'p95Ms', show: amount },
  { label: 'memory MB', figure: 'memoryBytes', show: megabytes },
  { label: 'hit@1', figure: 'hitAt1', show: share },
  { label: 'MRR@10', figure: 'mrrAt10', show: share },
];

function markdownTable(header: readonly string[], rows: readonly string[][]): string[] {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `-${'-'.repeat(width)}-` : `-${'-'.repeat(width)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)];
}

function corpusSection(corpus: CorpusReport): string[] {
  const [ours, ...libraries] = corpus.engines;
  const header = [
    'figure',
    ...corpus.engines.map((engine) => `${engine.engine} ${engine.version}`),
    ...libraries.map((library) => `sb ÷ ${library.engine}`),
  ];
  const rows = ROWS.map((row) => [
    row.label,
    ...corpus.engines.map((engine) => row.show(engine[row.figure])),
    ...libraries.map((library) => {
      const ratio = corpus.ratios[library.engine]?.[row.figure];
      return ratio === null || ratio === undefined ? '–' : ratio.toFixed(2);
    }),
  ]);
  const lines = [
    `### ${corpus.passages.toLocaleString('en-US')} passages`,
    '',
    `${corpus.files.toLocaleString('en-US')} files, ${megabytes(corpus.markdownBytes)} MB of Markdown, ` +
      `${corpus.queries.toLocaleString('en-US')} known-item queries`,
    '',
    ...markdownTable(header, rows),
  ];
  if (ours?.steps !== undefined) lines.push('', `${ours.engine} load by step: ${stepTimes(ours)}`);
  const withText = ours?.withText;
  if (ours !== undefined && withText !== undefined) {
    lines.push('', withTextLine(ours, withText));
  }
  return lines;
}

/** "checksum 150 ms, header 30.2 ms, … (of 412 ms)". */
function stepTimes(load: LoadCost): string {
  const steps = (load.steps ?? []).map(({ step, ms }) => `${step} ${amount(ms)} ms`).join(', ');
  return `${steps} (of ${amount(load.loadMs)} ms)`;
}

function withTextLine(ours: EngineFigures, withText: NonNullable<EngineFigures['withText']>): string {
  return (
    `${ours.engine} with the passage text in its index (the single-file layout, --text inline): ` +
    `${megabytes(withText.rawBytes)} MB raw, ${megabytes(withText.gzipBytes)} MB gzip, ` +
    `load ${amount(withText.loadMs)} ms, memory ${megabytes(withText.memoryBytes)} MB` +
    (withText.steps === undefined ? '' : `; by step: ${stepTimes(withText)}`)
  );
}

export function formatReport(report: BenchReport): string {
  const { machine, settings } = report;
  const lines = [
    `## Benchmark, ${report.date}`,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${(machine.memoryBytes / GIBIBYTE).toFixed(1)} GiB, ` +
      `Node ${machine.node}, ${machine.platform}` +
      (machine.gc === 'flag' ? '' : ' (gc exposed from inside the process, not by --expose-gc)'),
    '',
    `Corpus: seed ${settings.seed}, ${settings.vocabularySize.toLocaleString('en-US')} made-up words ` +
      `(rank r drawn ∝ 1/(r+1)^${settings.zipfExponent}), ${settings.passageWords.min}–` +
      `${settings.passageWords.max} words a passage, ${settings.passagesPerFile} passages a file. ` +
      `Queries: ${settings.queryChoice}.`,
    '',
    `Query latency: sourcebound's retrieve(q, ${settings.retrieved}) plus gate; the libraries' search ` +
      `call alone. Load: parse plus restore from the saved strings. Memory: heap plus ArrayBuffers grown ` +
      'by the load, after a full collection. Sizes without passage text. "sb ÷ x": sourcebound\'s figure ' +
      "divided by the library's (below 1 is better for times, sizes and memory; above 1 for hit@1 and MRR@10).",
  ];
  for (const corpus of report.corpora) lines.push('', ...corpusSection(corpus));
  return lines.join('\n');
}
