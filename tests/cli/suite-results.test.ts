import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyCounts } from '../../scripts/lib/suite';
import {
  BLOCK_END,
  BLOCK_START,
  README_PATH,
  RESULTS_PATH,
  readmeBlock,
  replaceMarkedBlock,
  resultsDocument,
  type SetReport,
  suiteTable,
  TABLE_HEADER,
} from '../../scripts/lib/suite-results';

const measured: SetReport = {
  name: 'shipped',
  status: 'measured',
  source: 'eval/questions.json on corpus',
  passages: 16,
  threshold: 0.1,
  gateSource: 'test',
  skipped: 0,
  counts: { ...emptyCounts(), answerable: 2, correct: 1, refused: { no_relevant_context: 1 } },
  records: [],
};
const absent: SetReport = { name: 'squad2', status: 'absent', reason: 'no file' };
const run = { date: '2026-01-01', commit: 'abc1234', channels: 'lexical and semantic' };
/** A Markdown row's cells, trimmed: Biome pads the columns of the committed files. */
const cellsOf = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

/** The text between README.md's markers, as committed. */
function committedBlock(text: string): string {
  const start = text.indexOf(BLOCK_START);
  const end = text.indexOf(BLOCK_END);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return text.slice(start + BLOCK_START.length, end);
}

describe('the results eval:suite writes', () => {
  it('writes every row, an absent set included, with as many cells as the header', () => {
    const table = suiteTable([measured, absent]);
    expect(table[0]).toBe(TABLE_HEADER);
    expect(table).toHaveLength(4);
    for (const line of table) expect(cellsOf(line)).toHaveLength(cellsOf(TABLE_HEADER).length);
    expect(table[3]).toContain('absent: no file');
  });

  it('replaces only the text between the markers, and the same block twice gives the same text', () => {
    const text = `# Title\n\nbefore\n${BLOCK_START}\nold\n${BLOCK_END}\nafter\n`;
    const block = readmeBlock({ reports: [measured], run });
    const once = replaceMarkedBlock({ text, block, path: 'x.md' });
    expect(once.startsWith(`# Title\n\nbefore\n${BLOCK_START}\n`)).toBe(true);
    expect(once.endsWith(`${BLOCK_END}\nafter\n`)).toBe(true);
    expect(once).not.toContain('old');
    expect(once).toContain('at abc1234');
    expect(replaceMarkedBlock({ text: once, block, path: 'x.md' })).toBe(once);
  });

  it('refuses a text without its markers, or with two blocks, naming the file', () => {
    const block = 'b';
    expect(() => replaceMarkedBlock({ text: 'no markers', block, path: 'x.md' })).toThrow(/x\.md/u);
    const twice = `${BLOCK_START}\n${BLOCK_END}\n${BLOCK_START}\n${BLOCK_END}\n`;
    expect(() => replaceMarkedBlock({ text: twice, block, path: 'x.md' })).toThrow(/x\.md/u);
  });

  it('README.md holds one results block in the shape the formatter writes', () => {
    const text = readFileSync(README_PATH, 'utf8');
    expect(() => replaceMarkedBlock({ text, block: 'b', path: README_PATH })).not.toThrow();
    const rows = committedBlock(text)
      .split('\n')
      .filter((line) => line.startsWith('|'));
    expect(rows.length).toBeGreaterThan(2);
    expect(cellsOf(rows[0] ?? '')).toEqual(cellsOf(TABLE_HEADER));
    for (const line of rows) expect(cellsOf(line)).toHaveLength(cellsOf(TABLE_HEADER).length);
    expect(committedBlock(text)).toMatch(/`npm run eval:suite` on \d{4}-\d{2}-\d{2}, at \S+/u);
  });

  it('docs/results.md is the formatter’s document: its header row and its generated notice', () => {
    const text = readFileSync(RESULTS_PATH, 'utf8');
    const generated = resultsDocument({ reports: [measured], run }).split('\n');
    expect(text.split('\n').slice(0, 3)).toEqual(generated.slice(0, 3));
    expect(text.split('\n').map(cellsOf)).toContainEqual(cellsOf(TABLE_HEADER));
  });
});
