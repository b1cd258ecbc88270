// What a file may ask of the Markdown lexer, checked before it runs. marked's lexer recurses once per
// level of nesting: 2,000 `>` (2 KB) or emphasis nested a few thousand deep overflow the stack, and its
// time grows faster than linearly with list nesting (1,400 levels took 16.7 s and 1.1 GB). Real docs nest
// a handful of levels, so the limits are far above them and far below what hurts.
import { MAX_FILE_BYTES } from './doc-files';

/** Containers (block quotes, list items) around one line, counting two columns of indent as one. */
export const MAX_NESTING = 100;
/** Emphasis and strikethrough delimiters (`*`, `_`, `~`) opened and not yet closed inside one paragraph. */
export const MAX_OPEN_EMPHASIS = 400;

/**
 * What marked's inline lexer may spend on one file's headings, as the sum of the squares of their
 * lengths in characters. Only headings are read inline (chunk.ts reads every other block by its span),
 * and the inline lexer's time grows with the square of its input on intraword runs (`a_a_a_…`: 8,000
 * characters took 0.14 s, so this many took about 2 s). Real headings are under 100 characters: a
 * 2 MB file of nothing but such headings spends a fifth of it.
 */
export const MAX_HEADING_WORK = 1_000_000_000;

// The containers opening a line: `> > - 1. `, with the spaces between them.
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/u;
const CONTAINER_MARKER = />|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)/gu;
const BLANK = /^\s*$/u;
const DELIMITER_RUN = /[*_~]+/gu;
const WHITESPACE_OR_PUNCTUATION = /[\s\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;

export interface OverBudget {
  line?: number;
  reason: string;
  fix: string;
}

/** What in `text` is beyond the lexer's budget, or undefined when it is within it. */
export function checkBudget(text: string): OverBudget | undefined {
  if (text.length > MAX_FILE_BYTES) {
    return {
      reason: `holds ${text.length.toLocaleString('en-US')} characters; the limit is ${MAX_FILE_BYTES.toLocaleString('en-US')} a file`,
      fix: 'split it into smaller files',
    };
  }
  let openEmphasis = 0;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (BLANK.test(line)) {
      openEmphasis = 0;
      continue;
    }
    const nesting = nestingOf(line);
    if (nesting > MAX_NESTING) {
      return {
        line: index + 1,
        reason: `nests block quotes or lists ${nesting} levels deep; the limit is ${MAX_NESTING}`,
        fix: 'flatten the nesting (real documents rarely go past 10 levels)',
      };
    }
    const emphasis = emphasisOf(line, openEmphasis);
    openEmphasis = emphasis.open;
    if (emphasis.deepest > MAX_OPEN_EMPHASIS) {
      return {
        line: index + 1,
        reason: `opens emphasis (*, _ or ~) more than ${MAX_OPEN_EMPHASIS} times without closing it`,
        fix: 'close the emphasis, or put the text in a code span or fence',
      };
    }
  }
  return undefined;
}

/**
 * `> > - x` → 3 (three markers, and the single spaces after them count for nothing); four spaces then
 * `- x` → 3 (two columns of indent a level, and the item). Indent after a `>` counts too.
 */
function nestingOf(line: string): number {
  const prefix = CONTAINER_PREFIX.exec(line)?.[0];
  if (prefix === undefined) return 0;
  const markers = prefix.match(CONTAINER_MARKER)?.length ?? 0;
  const indent = prefix.replace(CONTAINER_MARKER, '').replaceAll('\t', '    ').length;
  return markers + Math.floor(Math.max(0, indent - markers) / 2);
}

/**
 * How many emphasis delimiters stand open after `line`, and at most along it, by the flanking rule: a run
 * that opens (followed by a word, after a space or punctuation) adds its length, one that closes takes it
 * away.
 */
function emphasisOf(line: string, open: number): { open: number; deepest: number } {
  let count = open;
  let deepest = open;
  for (const match of line.matchAll(DELIMITER_RUN)) {
    const before = line[match.index - 1] ?? ' ';
    const after = line[match.index + match[0].length] ?? ' ';
    const opens = !WHITESPACE.test(after) && WHITESPACE_OR_PUNCTUATION.test(before);
    const closes = !WHITESPACE.test(before) && WHITESPACE_OR_PUNCTUATION.test(after);
    if (opens && !closes) count += match[0].length;
    else if (closes && !opens) count = Math.max(0, count - match[0].length);
    deepest = Math.max(deepest, count);
  }
  return { open: count, deepest };
}

/** A file whose headings spend more than MAX_HEADING_WORK, said at the heading that passed it. */
export function overHeadingWork(line: number): OverBudget {
  return {
    line,
    reason: `its headings are too long for the Markdown reader (the squares of their lengths add up to more than ${MAX_HEADING_WORK.toLocaleString('en-US')} at this one)`,
    fix: 'shorten the headings: a heading names its section, and the text goes under it',
  };
}
