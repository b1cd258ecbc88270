// Markdown shapes that once made ingest grow faster than its input (issue 35), and the time to compile
// one: read by `npm run bench:ingest` for figures and by tests/ingest/linear.test.ts for a ratio.
import { compileCorpus } from '../../src/ingest/compile';

/** Markdown of about `size` characters, by shape. */
export const SHAPES: Record<string, (size: number) => string> = {
  // The same heading n times, under a line of text: each took the next free `-n` by probing from 1.
  headings: (size) => `Text.\n${'# h\n'.repeat(Math.floor(size / 4))}`,
  // A changelog: `## Bug Fixes` under every release, and under one release many times.
  changelog: (size) => `# 1.0.0\n${'## Bug Fixes\n- fix\n'.repeat(Math.floor(size / 19))}`,
  // Intraword runs on one line: marked's inline lexer looked along it for a closing delimiter from every
  // one of them (lines of 80 cost it little).
  a_: (size) => `# Runs\n${'a_'.repeat(Math.floor(size / 2))}\n`,
  'a*': (size) => `# Runs\n${'a*'.repeat(Math.floor(size / 2))}\n`,
  'a!': (size) => `# Runs\n${'a!'.repeat(Math.floor(size / 2))}\n`,
  // The same run as one heading, whose text the inline lexer does read.
  'heading-a_': (size) => `# ${'a_'.repeat(Math.floor(size / 2))}\nText.\n`,
};

const ORDINARY = { path: 'ok.md', text: '# Opening hours\nThe library opens at 9.\n' };

/** Milliseconds to compile the shape at `size` beside an ordinary file, and what came of it. */
export function timeIngest(options: { shape: string; size: number }): {
  milliseconds: number;
  passages: number;
  leftOut: string[];
} {
  const make = SHAPES[options.shape];
  if (make === undefined) throw new RangeError(`bench:ingest: no shape ${options.shape}`);
  const files = [{ path: 'shape.md', text: make(options.size) }, ORDINARY];
  const started = performance.now();
  const { index, leftOut } = compileCorpus({ files });
  return {
    milliseconds: performance.now() - started,
    passages: index.passages.length,
    leftOut: leftOut.map((item) => `${item.path}${item.line === undefined ? '' : ` line ${item.line}`}`),
  };
}
