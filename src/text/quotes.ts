// A quote must be a span of the passage it cites. Only what cannot change the meaning is normalised
// before looking for it: white space, case, typographic quotes and dashes, Markdown table pipes and
// emphasis. A quote with no brackets is also looked for in the passage as a reader sees it, without
// block quote markers and link syntax (a link's text stays). A paraphrase, a quote from another
// passage, a quote with one word changed, a quote cut inside a word, or one running from a table row into
// the next, is not found.

import { linkSyntax, QUOTE_MARKERS } from './markdown-syntax';
import { TABLE_SEPARATOR } from './markdown-table';

const SINGLE_QUOTES = new Set(['\u2018', '\u2019', '\u201a', '\u201b', '\u2032']);
const DOUBLE_QUOTES = new Set(['\u201c', '\u201d', '\u201e', '\u201f', '\u2033']);
const DASH = /[\u2010-\u2015\u2212]/u;
const EMPHASIS_MARK = /[*`]/u;
const LETTER = /\p{L}/u;
const SPACE = /\s/u;
const TABLE_ROW = /^\s*\|/u;
// A word, for the minimum length of a quote, is what white space separates: "9:00 to" is two words and
// "0.50 BOB" two, not four.
const WORD = /[^\s\u2016]*[\p{L}\p{N}][^\s\u2016]*/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;
// Stands after every table row in the normalised text, so that a quote cannot run from one row (or the
// header) into the next as if they were one sentence. A quote of whole rows, line breaks and all, has
// the same marks and is still found.
const ROW_BREAK = '\u2016';
const EDGE_BREAKS = /^[\s\u2016]+|[\s\u2016]+$/gu;
const BRACKET = /[[\]]/u;
const NONE: ReadonlySet<number> = new Set();

/** Normalised text, and for each of its characters the offset in the original it came from. */
interface Normalised {
  text: string;
  sources: number[];
}

/**
 * Character by character, so that a match in the normalised text can be mapped back to the original
 * (the page highlights the quote inside its passage). `_` is emphasis only at a word's edge: the one in
 * `max_items` stays. `rendered` reads it as a reader of the page sees it: no block quote markers, no link
 * syntax.
 */
function normalise(options: { raw: string; rendered?: boolean }): Normalised {
  const { raw, rendered = false } = options;
  let text = '';
  const sources: number[] = [];
  // Where the white space waiting to be written as one space began, if any is waiting.
  let pendingSpace: number | undefined;
  const emit = (piece: string, at: number) => {
    if (pendingSpace !== undefined && text !== '') {
      text += ' ';
      sources.push(pendingSpace);
    }
    pendingSpace = undefined;
    // One offset per UTF-16 unit, as the text is indexed: "\ufad7" is one unit, its NFKC form two.
    text += piece;
    for (let unit = 0; unit < piece.length; unit++) sources.push(at);
  };
  let offset = 0;
  for (const line of raw.split('\n')) {
    const end = offset + line.length;
    if (!TABLE_SEPARATOR.test(line)) {
      const markers = rendered ? (QUOTE_MARKERS.exec(line)?.[0].length ?? 0) : 0;
      const link = rendered ? linkSyntax(line) : NONE;
      for (let i = 0; i < line.length; i++) {
        const char = line[i] as string;
        const at = offset + i;
        if (link.has(i)) {
          // dropped
        } else if (SPACE.test(char) || char === '|' || i < markers) {
          pendingSpace ??= at;
        } else if (EMPHASIS_MARK.test(char)) {
          // dropped
        } else if (char === '_' && !(LETTER.test(line[i - 1] ?? '') && LETTER.test(line[i + 1] ?? ''))) {
          // dropped
        } else if (SINGLE_QUOTES.has(char)) {
          emit("'", at);
        } else if (DOUBLE_QUOTES.has(char)) {
          emit('"', at);
        } else if (DASH.test(char)) {
          emit('-', at);
        } else {
          emit(char.normalize('NFKC').toLowerCase(), at);
        }
      }
      if (TABLE_ROW.test(line)) emit(ROW_BREAK, end);
    }
    pendingSpace ??= end;
    offset = end + 1;
  }
  return { text, sources };
}

/** The form a quote is looked for in: a row break at either end belongs to no sentence. */
function needleOf(quote: string): string {
  return normalise({ raw: quote }).text.replace(EDGE_BREAKS, '');
}

/** The form a quote and a passage are compared in. */
export function normaliseForQuote(text: string): string {
  return normalise({ raw: text }).text;
}

/**
 * Where `needle` stands in `haystack` on word boundaries, or -1: "waiting for can" is not a quote of
 * "waiting for cannot", though it is a substring of it.
 */
function findWhole(haystack: string, needle: string): number {
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    // Never an empty needle: checkQuote returns before it would look for one.
    const joinsBefore = WORD_CHAR.test(haystack[at - 1] ?? '') && WORD_CHAR.test(needle[0] as string);
    const joinsAfter =
      WORD_CHAR.test(haystack[at + needle.length] ?? '') && WORD_CHAR.test(needle.at(-1) as string);
    if (!joinsBefore && !joinsAfter) return at;
  }
  return -1;
}

/** A quote of fewer words proves nothing: "the" occurs in every passage. */
export const MIN_QUOTE_WORDS = 3;

export type QuoteCheck =
  | { found: true; span: QuoteSpan }
  | { found: false; why: 'too_short' | 'not_in_passage' };

/**
 * How many words a quote counts for: what white space separates, after the normalisation quotes are
 * compared in ("Sunday: 12:00." is two, "**Free** parking." two). The one count the verifier and the
 * stand-in both use, so that the stand-in never gives a quote the verifier calls too short.
 */
export function quoteWordCount(quote: string): number {
  return (needleOf(quote).match(WORD) ?? []).length;
}

/** Where a quote stands in its passage: [start, end) offsets of the passage's original text. */
export type QuoteSpan = [number, number];

/**
 * Whether `quote` is, after normalisation, a span of `passage` of at least MIN_QUOTE_WORDS words, and
 * where: the verifier's finding is what the page marks, so the two cannot disagree.
 */
export function checkQuote(quote: string, passage: string): QuoteCheck {
  if (quoteWordCount(quote) < MIN_QUOTE_WORDS) return { found: false, why: 'too_short' };
  const needle = needleOf(quote);
  const span = spanOf(needle, passage);
  return span === undefined ? { found: false, why: 'not_in_passage' } : { found: true, span };
}

/**
 * Where the needle stands in the passage as written, or else, for a needle with no brackets, in the
 * passage as a reader sees it (a model quotes "for a Worker pool" from "for a [`Worker`][] pool"). The
 * quote itself is never stripped: "[][not]" or "[](not)" typed into a quote stays, and is not found.
 */
function spanOf(needle: string, passage: string): QuoteSpan | undefined {
  const forms = BRACKET.test(needle) ? [false] : [false, true];
  for (const rendered of forms) {
    const haystack = normalise({ raw: passage, rendered });
    const at = findWhole(haystack.text, needle);
    if (at < 0) continue;
    const start = haystack.sources[at] as number;
    const end = (haystack.sources[at + needle.length - 1] as number) + 1;
    return [start, end];
  }
  return undefined;
}
