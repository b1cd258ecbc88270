// What `npm run eval:suite` writes from what it measured: the table it prints, the block of README.md
// between its markers, and docs/results.md. Formatting is pure; the files are written atomically (a
// temporary file beside the target, then a rename), so a run that fails leaves the old text whole.
import { execFileSync } from 'node:child_process';
import { DEFAULT_CONTEXT_SIZE } from '../../src/config';
import { REFUSAL_REASONS, type RefusalReason } from '../../src/types';
import type { SuiteCounts, SuiteRecord } from './suite';

/** What one set's process sends back. */
export type SetReport =
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

/** When and where a run was made, as the README and docs/results.md say it. */
export interface RunFacts {
  /** ISO date of the run, e.g. 2026-12-05. */
  date: string;
  /** The commit the run measured, e.g. "169ec44", or "169ec44 with uncommitted changes". */
  commit: string;
  channels: string;
}

export const README_PATH = 'README.md';
export const RESULTS_PATH = 'docs/results.md';
export const BLOCK_START = '<!-- results:start -->';
export const BLOCK_END = '<!-- results:end -->';

const HEADER = [
  'set',
  'answerable',
  'correct',
  'wrong',
  'refused (by reason)',
  'unanswerable',
  'false answers',
  'rank 1',
  `top ${DEFAULT_CONTEXT_SIZE}`,
  'in context',
] as const;

const count = (value: number) => value.toLocaleString('en-US');
const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((100 * part) / whole).toFixed(0)}%`;
const cell = (part: number, whole: number) =>
  whole === 0 ? '—' : `${count(part)} (${percent(part, whole)})`;

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
  passage_text_unavailable: 'no-text',
  postings_unavailable: 'no-postings',
};

function byReason(counts: Partial<Record<RefusalReason, number>>): string {
  const parts = REFUSAL_REASONS.filter((reason) => (counts[reason] ?? 0) > 0).map(
    (reason) => `${SHORT[reason]} ${count(counts[reason] ?? 0)}`,
  );
  return parts.length === 0 ? '0' : parts.join(', ');
}

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** The table's header row, as every table this module writes begins. */
export const TABLE_HEADER = row(HEADER);

/** One Markdown table: a row per set, absent sets named with the reason. */
export function suiteTable(reports: readonly SetReport[]): string[] {
  const rows = reports.map((report) => {
    if (report.status !== 'measured') {
      return row([report.name, `${report.status}: ${report.reason}`, ...HEADER.slice(2).map(() => '')]);
    }
    const c = report.counts;
    return row([
      report.name,
      count(c.answerable),
      cell(c.correct, c.answerable),
      cell(c.wrong, c.answerable),
      c.answerable === 0 ? '—' : byReason(c.refused),
      count(c.unanswerable),
      cell(c.falseAnswers, c.unanswerable),
      cell(c.rank1, c.answerable),
      cell(c.topK, c.answerable),
      cell(c.inContext, c.answerable),
    ]);
  });
  return [TABLE_HEADER, `|${HEADER.map(() => '---').join('|')}|`, ...rows];
}

/** One line per measured set: where it came from, its gate, and how its unanswerable questions were refused. */
export function setNotes(reports: readonly SetReport[]): string[] {
  return reports.flatMap((report) => {
    if (report.status !== 'measured') return [];
    const skipped = report.skipped > 0 ? `; ${count(report.skipped)} need a model, left out` : '';
    return [
      `${report.name}: ${report.source}; ${count(report.passages)} passages; threshold ${report.threshold} ` +
        `(${report.gateSource})${skipped}; unanswerable refused: ${byReason(report.counts.rightlyRefused)}`,
    ];
  });
}

export const LEGEND =
  'No key: the extractive stand-in answers. "correct" and "wrong" are of the answerable questions; ' +
  `"false answers" of the unanswerable ones. "rank 1" and "top ${DEFAULT_CONTEXT_SIZE}": the labelled passage retrieved first, ` +
  `or among the first ${DEFAULT_CONTEXT_SIZE} (the context's size); "in context": among those given to the stand-in (past the gate).`;

/** The text between README.md's markers. */
export function readmeBlock(options: { reports: readonly SetReport[]; run: RunFacts }): string {
  const { reports, run } = options;
  return [
    `\`npm run eval:suite\` on ${run.date}, at ${run.commit} (${run.channels}). Written by the command;`,
    `per-set details in [docs/results.md](docs/results.md).`,
    '',
    ...suiteTable(reports),
    '',
    LEGEND,
  ].join('\n');
}

/** docs/results.md, whole. */
export function resultsDocument(options: { reports: readonly SetReport[]; run: RunFacts }): string {
  const { reports, run } = options;
  return [
    '# Results',
    '',
    '<!-- Generated by `npm run eval:suite`; edit scripts/lib/suite-results.ts, not this file. -->',
    '',
    `Every evaluation set, with no key, each in its own process: \`npm run eval:suite\` on ${run.date},`,
    `at ${run.commit} (${run.channels}). The JSON report with every question's outcome goes to \`reports/\`.`,
    '',
    ...suiteTable(reports),
    '',
    LEGEND,
    '',
    '## Each set',
    '',
    ...setNotes(reports).map((note) => `- ${note}`),
    '',
  ].join('\n');
}

/** Replaces what lies between the markers, keeping them; the text outside is left byte for byte. */
export function replaceMarkedBlock(options: { text: string; block: string; path: string }): string {
  const { text, block, path } = options;
  const start = text.indexOf(BLOCK_START);
  const end = text.indexOf(BLOCK_END);
  if (start < 0 || end < start || text.indexOf(BLOCK_START, start + 1) >= 0) {
    throw new Error(`${path}: expected one ${BLOCK_START} followed by one ${BLOCK_END}`);
  }
  return `${text.slice(0, start + BLOCK_START.length)}\n${block}\n${text.slice(end)}`;
}

/** The commit the working tree is at, and whether files other than the ones written here differ from it. */
export function currentCommit(): string {
  const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    const commit = git(['rev-parse', '--short', 'HEAD']);
    const changed = git([
      'status',
      '--porcelain',
      '--untracked-files=no',
      '--',
      '.',
      `:!${README_PATH}`,
      `:!${RESULTS_PATH}`,
    ]);
    return changed === '' ? commit : `${commit} with uncommitted changes`;
  } catch (error) {
    if (error instanceof TypeError) throw error;
    // Not a git checkout (a downloaded archive), or no git: the figures stand without a commit to name.
    return 'an unknown commit';
  }
}

/**
 * `text` in the repository's format (Biome formats Markdown too, and `npm run lint` checks it), to be
 * written with `writeAtomically`.
 */
export function formatted(path: string, text: string): string {
  return execFileSync('npx', ['biome', 'format', `--stdin-file-path=${path}`], {
    input: text,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
}
