// How a passage is named to a person: by its headings, not its id. The one home of those words, for the
// page and the terminal; the id stays for Details, hover and traces.
import { TABLE_LINE, TABLE_SEPARATOR, tableCells } from '../text/markdown-table';
import type { Passage } from '../types';

/** "Fines and Fees › Lost and Damaged Items": the headings from the file's title down; the id when none. */
export function passageTitle(passage: Pick<Passage, 'id' | 'trail'>): string {
  return passage.trail.length === 0 ? passage.id : passage.trail.join(' › ');
}

// A list item's or a quote's marker, left off the line a person reads: "- A lost book costs…" → "A lost book costs…".
const LINE_MARKER = /^(?:[-*+]|\d+[.)]|>)\s+/u;
// The end of the first sentence: a stop followed by a space, so that "0.50 BOB" is not one.
const SENTENCE_END = /[.!?](?=\s)/u;

/**
 * The first line of a passage's text as a person would read it aloud, cut to its first sentence, and to
 * `maxChars` at a word with "…" when even that is longer: "An item that is not returned by its due date is
 * overdue." A table's first line reads as its header cells. Empty for a passage with no text.
 */
export function openingLine(text: string, maxChars = 140): string {
  const line = text
    .split('\n')
    .map((raw) => raw.trim())
    .find((raw) => raw !== '' && !TABLE_SEPARATOR.test(raw));
  if (line === undefined) return '';
  const plain = TABLE_LINE.test(line) ? tableCells(line).join(' · ') : line.replace(LINE_MARKER, '');
  const end = SENTENCE_END.exec(plain);
  const sentence = end === null ? plain : plain.slice(0, end.index + 1);
  if (sentence.length <= maxChars) return sentence;
  const cut = sentence.lastIndexOf(' ', maxChars - 1);
  return `${sentence.slice(0, cut > 0 ? cut : maxChars - 1)}…`;
}
