// What a question may send to a generator, in characters. A passage is never cut at ingest inside a
// table, so one 2.1 MB table once became a 2.1 MB request for one question. Passages that fit are sent
// whole; a longer one is sent as its text up to its share, except that a table keeps its header and the
// rows that mention the question's terms, and the rest is elided with a line that says so. The verifier
// still checks every quote against the whole passage, so nothing elided can be cited as if it were sent.
import { TABLE_LINE, TABLE_SEPARATOR } from '../text/markdown-table';
import { tokenize } from '../text/tokenize';
import type { ContextBudget, Passage } from '../types';

interface Fitted {
  passages: Passage[];
  budget: ContextBudget;
}

/** Lines of a passage, grouped: a run of table lines is one table, with its header row and separator. */
type Block = { kind: 'text'; lines: string[] } | { kind: 'table'; head: string[]; rows: string[] };

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.split('\n')) {
    const last = blocks.at(-1);
    if (TABLE_LINE.test(line)) {
      if (last?.kind === 'table') {
        if (last.rows.length === 0 && last.head.length === 1 && TABLE_SEPARATOR.test(line))
          last.head.push(line);
        else last.rows.push(line);
      } else {
        blocks.push({ kind: 'table', head: [line], rows: [] });
      }
    } else if (last?.kind === 'text') {
      last.lines.push(line);
    } else {
      blocks.push({ kind: 'text', lines: [line] });
    }
  }
  return blocks;
}

const plural = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** Room kept in a shortened passage's share for the lines that say what was left out. */
const NOTE_ROOM = 240;

/** A passage's text within `limit` characters, and what was left out. */
function shorten(options: { text: string; limit: number; terms: ReadonlySet<string> }): {
  text: string;
  rows: number;
  chars: number;
} {
  const { text, terms } = options;
  const limit = Math.max(0, options.limit - NOTE_ROOM);
  const mentions = (line: string) => tokenize(line).some((term) => terms.has(term));
  const kept: string[] = [];
  let used = 0;
  let elidedRows = 0;
  let elidedText = 0;
  const fits = (line: string) => used + line.length + 1 <= limit;
  const keep = (line: string) => {
    kept.push(line);
    used += line.length + 1;
  };
  for (const block of blocksOf(text)) {
    if (block.kind === 'text') {
      for (const line of block.lines) {
        if (fits(line)) {
          keep(line);
          continue;
        }
        // A paragraph longer than what is left: its beginning, cut between words.
        const room = limit - used - 1;
        const cut = room > 0 ? line.slice(0, room).replace(/\s+\S*$/u, '') : '';
        if (cut !== '') keep(cut);
        elidedText += line.length - cut.length;
      }
      continue;
    }
    const headFits = block.head.reduce((sum, line) => sum + line.length + 1, 0) + used <= limit;
    if (headFits) for (const line of block.head) keep(line);
    let elided = headFits ? 0 : block.rows.length;
    for (const row of headFits ? block.rows : []) {
      if (mentions(row) && fits(row)) keep(row);
      else elided++;
    }
    if (!headFits) elidedText += block.head.join('\n').length;
    if (elided > 0) {
      kept.push(
        `(${plural(elided, 'more row')} of this table not sent: they do not mention the question's words, or did not fit)`,
      );
      elidedRows += elided;
    }
  }
  if (elidedText > 0) {
    kept.push(`(${plural(elidedText, 'character')} of this passage not sent: over the request's budget)`);
  }
  const shortened = kept.join('\n');
  return { text: shortened, rows: elidedRows, chars: Math.max(0, text.length - used) };
}

/**
 * The context as it is sent: within `maxChars` characters of passage text in all. Passages shorter than
 * an equal share are sent whole and leave what they do not use to the longer ones.
 */
export function fitToBudget(options: {
  question: string;
  passages: readonly Passage[];
  maxChars: number;
}): Fitted {
  const { question, passages, maxChars } = options;
  const terms = new Set(tokenize(question));
  const byLength = [...passages].sort((a, b) => a.text.length - b.text.length);
  const limits = new Map<string, number>();
  let left = maxChars;
  byLength.forEach((passage, at) => {
    const share = Math.floor(left / (byLength.length - at));
    const limit = Math.min(passage.text.length, share);
    limits.set(passage.id, limit);
    left -= limit;
  });
  const elided: ContextBudget['elided'] = [];
  const sent = passages.map((passage) => {
    const limit = limits.get(passage.id) ?? passage.text.length;
    if (passage.text.length <= limit) return passage;
    const shortened = shorten({ text: passage.text, limit, terms });
    elided.push({ id: passage.id, rows: shortened.rows, chars: shortened.chars });
    return { ...passage, text: shortened.text };
  });
  const sentChars = sent.reduce((sum, passage) => sum + passage.text.length, 0);
  return { passages: sent, budget: { maxChars, sentChars, elided } };
}

/**
 * What the request's budget left out of the passages the generator was sent, in one sentence; undefined
 * when every passage went whole. The CLI and the page both say it: an answer read from part of a table
 * is news the reader needs, not a field of the JSON alone.
 */
export function describeBudgetCut(budget: ContextBudget | undefined): string | undefined {
  if (budget === undefined || budget.elided.length === 0) return undefined;
  const cuts = budget.elided.map(({ id, rows, chars }) => {
    const parts = [
      ...(rows > 0 ? [plural(rows, 'table row')] : []),
      ...(chars > 0 ? [plural(chars, 'character')] : []),
    ];
    return `${id} (${parts.join(', ') || 'shortened'} left out)`;
  });
  return (
    `Part of the context was not sent: the request's budget of ${plural(budget.maxChars, 'character')} ` +
    `cut ${cuts.join('; ')}. The answer was read from the rest; every quote is still checked against the whole passage.`
  );
}
