// A quote must be a span of the passage it cites. Only what cannot change the meaning is normalised
// before looking for it: white space, case, typographic quotes and dashes, Markdown table pipes and
// emphasis. A paraphrase, a quote from another passage, or a quote with one word changed is not found.

const SINGLE_QUOTES = new Set(['\u2018', '\u2019', '\u201a', '\u201b', '\u2032']);
const DOUBLE_QUOTES = new Set(['\u201c', '\u201d', '\u201e', '\u201f', '\u2033']);
const DASH = /[\u2010-\u2015\u2212]/u;
const EMPHASIS_MARK = /[*`]/u;
const LETTER = /\p{L}/u;
const SPACE = /\s/u;
const TABLE_SEPARATOR_ROW = /^\s*\|?[\s:|-]*-[\s:|-]*\|?\s*$/u;
const WORD = /[\p{L}\p{N}]+/gu;

/** Normalised text, and for each of its characters the offset in the original it came from. */
interface Normalised {
  text: string;
  sources: number[];
}

/**
 * Character by character, so that a match in the normalised text can be mapped back to the original
 * (the page highlights the quote inside its passage). `_` is emphasis only at a word's edge: the one in
 * `max_items` stays.
 */
function normalise(raw: string): Normalised {
  let text = '';
  const sources: number[] = [];
  let pendingSpace = -1;
  const emit = (piece: string, at: number) => {
    if (pendingSpace >= 0 && text !== '') {
      text += ' ';
      sources.push(pendingSpace);
    }
    pendingSpace = -1;
    for (const char of piece) {
      text += char;
      sources.push(at);
    }
  };
  let offset = 0;
  for (const line of raw.split('\n')) {
    const skip = TABLE_SEPARATOR_ROW.test(line);
    for (let i = 0; !skip && i < line.length; i++) {
      const char = line[i] as string;
      const at = offset + i;
      if (SPACE.test(char) || char === '|') {
        if (pendingSpace < 0) pendingSpace = at;
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
    if (pendingSpace < 0) pendingSpace = offset + line.length;
    offset += line.length + 1;
  }
  return { text, sources };
}

/** The form a quote and a passage are compared in. */
export function normaliseForQuote(text: string): string {
  return normalise(text).text;
}

/** A quote of fewer words proves nothing: "the" occurs in every passage. */
export const MIN_QUOTE_WORDS = 3;

export type QuoteCheck = { found: true } | { found: false; why: 'too_short' | 'not_in_passage' };

/** Whether `quote` is, after normalisation, a span of `passage` (of at least MIN_QUOTE_WORDS words). */
export function checkQuote(quote: string, passage: string): QuoteCheck {
  const normalised = normaliseForQuote(quote);
  if ((normalised.match(WORD) ?? []).length < MIN_QUOTE_WORDS) return { found: false, why: 'too_short' };
  return normaliseForQuote(passage).includes(normalised)
    ? { found: true }
    : { found: false, why: 'not_in_passage' };
}

/** Where `quote` stands in `passage`, as [start, end) offsets of the original text; undefined if absent. */
export function locateQuote(quote: string, passage: string): [number, number] | undefined {
  const needle = normaliseForQuote(quote);
  if (needle === '') return undefined;
  const haystack = normalise(passage);
  const at = haystack.text.indexOf(needle);
  if (at < 0) return undefined;
  const start = haystack.sources[at] as number;
  const end = (haystack.sources[at + needle.length - 1] as number) + 1;
  return [start, end];
}
