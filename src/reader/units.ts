import { QUOTE_MARKER_RUN, QUOTE_MARKERS } from '../text/markdown-syntax';
import { TABLE_LINE, TABLE_SEPARATOR, tableCells } from '../text/markdown-table';
import type { Passage } from '../types';

// A passage read as the pieces an answer can be: sentences, list items with the sentence that leads into
// their list, table rows with their header. Every piece is a span of the passage's own text, so what the
// stand-in shows is the passage's characters, inline code, emphasis and underscores included.

/** [start, end) offsets into a passage's text. */
export interface Span {
  start: number;
  end: number;
}

export type UnitKind = 'sentence' | 'lead-in' | 'item' | 'row';

/** One candidate answer of a passage. */
export interface Unit {
  passage: Passage;
  kind: UnitKind;
  /** What answers: the sentence, the item, the row. */
  core: Span;
  /**
   * What is shown, in order, each a span of the passage: a list item after its lead-in sentence, a row
   * after its header; a lead-in sentence runs on to the end of its list ("The opening hours are:" is
   * never an answer on its own).
   */
  shown: Span[];
  /** Read with the core to know what it is about: the lead-in sentence or the header row. */
  about?: Span;
}

const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/u;
// A sentence ends at . ! or ? followed by space and a capital or a digit; "0.50 BOB" is not split. In a
// block quote the next line's `>` marker is part of that space: "…method.\n> This hook was…" is two.
const SENTENCE_END = new RegExp(
  String.raw`(?<=[.!?])(?:\s*\n[ \t]*${QUOTE_MARKER_RUN}[ \t]*|\s+)(?=[\p{Lu}\d])`,
  'gu',
);
const FENCE = /^\s*(?:```|~~~)/u;
// A line that is only HTML tags (`<toc></toc>`, `<tab-group …>`) holds no sentence.
const HTML_ONLY = /^\s*(?:<[^>]*>\s*)+$/u;
const INDENTED = /^\s+\S/u;
const LEADS_INTO_LIST = /:\s*$/u;
const LEADING_SPACE = /^\s*/u;
const TRAILING_SPACE = /\s*$/u;

function trimmed(text: string, from: number, to: number): Span | undefined {
  const raw = text.slice(from, to);
  const start = from + (LEADING_SPACE.exec(raw)?.[0].length ?? 0);
  const end = to - (TRAILING_SPACE.exec(raw)?.[0].length ?? 0);
  return end > start ? { start, end } : undefined;
}

/** The units of a passage, in reading order. */
export function unitsOf(passage: Passage): Unit[] {
  const { text } = passage;
  const units: Unit[] = [];
  let paragraph: Span | undefined;
  let header: Span | undefined;
  let item: Span | undefined;
  // The list being read: its lead-in unit, and where it starts and ends.
  let list: { leadIn: Unit | undefined; about: Span | undefined; items: Unit[] } | undefined;
  let lastSentence: Unit | undefined;
  let lastBlockWasParagraph = false;
  // The code fence being read, if any, and whether it opened inside a block quote: only a fence quoted
  // the same way closes it (a "> ```" shown inside a Markdown example is code, not a fence).
  let fence: { quoted: boolean } | undefined;

  const flushParagraph = () => {
    if (paragraph === undefined) return;
    const { start, end } = paragraph;
    let from = start;
    const pieces: Span[] = [];
    for (const match of text.slice(start, end).matchAll(SENTENCE_END)) {
      const span = trimmed(text, from, start + match.index);
      if (span) pieces.push(span);
      from = start + match.index + match[0].length;
    }
    const last = trimmed(text, from, end);
    if (last) pieces.push(last);
    for (const span of pieces) {
      lastSentence = { passage, kind: 'sentence', core: span, shown: [span] };
      units.push(lastSentence);
    }
    paragraph = undefined;
    lastBlockWasParagraph = pieces.length > 0;
  };
  const flushItem = () => {
    if (item === undefined || list === undefined) return;
    const about = list.about;
    const unit: Unit = {
      passage,
      kind: 'item',
      core: item,
      shown: about === undefined ? [item] : [about, item],
      ...(about === undefined ? {} : { about }),
    };
    list.items.push(unit);
    units.push(unit);
    item = undefined;
  };
  const endList = () => {
    flushItem();
    if (list?.leadIn !== undefined && list.items.length > 0) {
      const last = list.items.at(-1) as Unit;
      // The lead-in answers with its whole list: "The opening hours are:" and what follows.
      list.leadIn.kind = 'lead-in';
      list.leadIn.shown = [{ start: list.leadIn.core.start, end: last.core.end }];
    }
    list = undefined;
  };

  let lineStart = 0;
  for (const written of text.split('\n')) {
    const lineEnd = lineStart + written.length;
    // A line of a block quote is read without its markers: quoted, a blank line, a fence, a list or a
    // table is still one (`>` alone ends a paragraph; "> ```" opens code, which holds no sentence).
    const markers = QUOTE_MARKERS.exec(written)?.[0].length ?? 0;
    const line = written.slice(markers);
    const at = lineStart + markers;
    lineStart = lineEnd + 1;
    if (fence !== undefined) {
      if (FENCE.test(fence.quoted ? line : written)) fence = undefined;
      continue;
    }
    if (FENCE.test(line)) {
      flushParagraph();
      endList();
      header = undefined;
      fence = { quoted: markers > 0 };
      lastBlockWasParagraph = false;
      continue;
    }
    if (TABLE_LINE.test(line)) {
      flushParagraph();
      endList();
      lastBlockWasParagraph = false;
      if (TABLE_SEPARATOR.test(line)) continue;
      const span = trimmed(text, at, lineEnd);
      if (span === undefined) continue;
      if (header === undefined) {
        header = span;
        continue;
      }
      if (tableCells(line).every((cell) => cell === '')) continue;
      units.push({ passage, kind: 'row', core: span, shown: [header, span], about: header });
      continue;
    }
    header = undefined;
    if (line.trim() === '' || HTML_ONLY.test(line)) {
      flushParagraph();
      flushItem();
      continue;
    }
    const marker = LIST_MARKER.exec(line);
    if (marker !== null) {
      // Also a paragraph indented under the item before: it ends where the next item starts.
      flushParagraph();
      if (list === undefined) {
        // The paragraph's last sentence right before a list answers with it ("It can be installed from
        // your browser's extension store." before the stores); its items are read with it only when it
        // says it leads into them ("The opening hours are:"), or "The pool is open daily." would be
        // shown before "Saturday: 8:00.".
        const leadIn = lastBlockWasParagraph ? lastSentence : undefined;
        const about =
          leadIn !== undefined && LEADS_INTO_LIST.test(text.slice(0, leadIn.core.end))
            ? leadIn.core
            : undefined;
        list = { leadIn, about, items: [] };
      }
      flushItem();
      item = trimmed(text, at + marker[0].length, lineEnd);
      continue;
    }
    if (item !== undefined) {
      // A continuation line of the item, indented or lazily written on the next line. (No paragraph is
      // open while an item is: the item's own line flushed it.)
      item = { start: item.start, end: trimmed(text, at, lineEnd)?.end ?? item.end };
      continue;
    }
    if (list !== undefined && !INDENTED.test(line)) endList();
    paragraph = { start: paragraph?.start ?? at, end: lineEnd };
  }
  flushParagraph();
  endList();
  return units;
}

/** The characters of a span. */
export const textOf = (passage: Passage, span: Span) => passage.text.slice(span.start, span.end);
