// The one text model: every stage that compares words (retrieval, the gate, the stand-in, the verifier)
// reads text through these functions, so that a question and a passage fold the same way.
import { stripCourtesy } from './courtesy';
import { IRREGULAR } from './irregular';
import { stem } from './stem';

// Words and numbers, Unicode-aware. A decimal like "0.50" or "20.00" stays one token so that an amount
// in a question can meet the same amount in a passage; letters joined by hyphens stay one word
// ("inter-library"), joined up below so that it meets "interlibrary".
const TOKEN = /\p{L}[\p{L}\p{M}']*(?:-\p{L}[\p{L}\p{M}']*)*|\d+(?:[.,]\d+)*/gu;
const APOSTROPHE_TAIL_ANY_CASE = /'(s|re|ve|ll|d|m)?$/iu;
const WORD_OR_NUMBER_START = /^[\p{L}\d]/u;
// "doesn't" → "does" + "not"; "can't", "won't" and "shan't" lose more than the n't.
const NEGATION = /n't$/u;
const NEGATED_BASE: Readonly<Record<string, string>> = { ca: 'can', wo: 'will', sha: 'shall' };
// Chat drops the apostrophe: "cant", "dont", "isnt" are read as "can't", "don't", "isn't"; "cannot" is
// "can" and "not", as "can't" is.
const CHAT_NEGATION = /^(?:ca|do|does|did|is|are|was|were|wo|would|could|should|have|has|had|need)nt$/u;
// Phones and word processors type "What’s" with a typographic apostrophe; it must fold like "What's".
const TYPOGRAPHIC_APOSTROPHE = /[\u2018\u2019\u02bc]/gu;
const LOWER_CASE = /\p{Ll}/u;
const UPPER_CASE_WORD = /^\p{Lu}{2,}$/u;

// Function words carry no topic. Question words are here too: "how", "what" and "many" say what kind
// of answer is wanted, not what it is about, and they would otherwise match every passage that uses them.
// So are the chat spellings of function words: "r u open", "ur card", "im 15", "whats the fine".
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each either else ever every few for from
  further had has have having he her here hers herself him himself his how i if in into is it its itself
  just let me more most much many my myself neither no nor not now of off on once only or other ought our
  ours ourselves out over own per please same shall she should so some such than that the their theirs them
  themselves then there these they this those through to too under until up upon us very was we were what
  whatever when whenever where whether which while who whom whose why will with within without would yes
  yet you your yours yourself yourselves u ur r im ive youre whats hows wheres whens whos thats
  theres`.split(/\s+/u),
);

/** A word of a text, folded, and whether it was written as an acronym ("US" in a sentence in lower case). */
export interface Word {
  word: string;
  acronym: boolean;
  /** The parts of a hyphenated word ("inter-library" → ["inter", "library"]); absent otherwise. */
  parts?: string[];
}

/**
 * A pattern for `word` as a whole word: no letter or digit touching it on either side. `word` must need no
 * escaping (letters alone, as the question reading gives its slips and names).
 */
export function wholeWord(word: string, flags: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, flags);
}

// Format characters (Unicode category Cf) are invisible and split no word: a zero-width space or a soft
// hyphen pasted inside "bor\u200Brow" must not make two words of it.
const FORMAT_CHARACTER = /\p{Cf}/gu;

/**
 * Accents and other combining marks taken off, invisible format characters dropped, typographic
 * apostrophes made plain: how words are read.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(FORMAT_CHARACTER, '')
    .replace(TYPOGRAPHIC_APOSTROPHE, "'");
}

/**
 * One piece of a text read in order: a word (as `words` reads it) with how it was written, possessive
 * and contraction tails dropped ("boundary's" → written "boundary"), or a single mark of punctuation.
 */
export type TextToken = { kind: 'word'; word: Word; written: string } | { kind: 'mark'; written: string };

// A word or number as TOKEN reads it, else one mark of punctuation (which ends a phrase).
const TOKEN_OR_MARK = new RegExp(`${TOKEN.source}|[^\\s\\p{L}\\d]`, 'gu');

/** The words and marks of a text in order, read as `wordsOf` reads words (the one reading of both). */
export function tokensOf(text: string): TextToken[] {
  const folded = fold(text);
  // Capitals mark an acronym only in text that also has lower case: a question typed in capitals shouts.
  const hasLowerCase = LOWER_CASE.test(folded);
  const found: TextToken[] = [];
  const push = (word: Word, written: string) => found.push({ kind: 'word', word, written });
  for (const [token] of folded.matchAll(TOKEN_OR_MARK)) {
    if (!WORD_OR_NUMBER_START.test(token)) {
      found.push({ kind: 'mark', written: token });
      continue;
    }
    const acronym = hasLowerCase && UPPER_CASE_WORD.test(token);
    const lower = token.toLowerCase();
    const kept = negatedBaseLength(lower, acronym);
    if (kept !== undefined) {
      const base = lower.slice(0, kept);
      push({ word: NEGATED_BASE[base] ?? base, acronym: false }, token.slice(0, kept));
      push({ word: 'not', acronym: false }, 'not');
      continue;
    }
    const written = token.replace(APOSTROPHE_TAIL_ANY_CASE, '');
    const word = written.toLowerCase();
    if (!word.includes('-')) {
      push({ word, acronym }, written);
      continue;
    }
    push({ word: word.replaceAll('-', ''), acronym, parts: word.split('-') }, written);
  }
  return found;
}

/** How much of a negated word is its auxiliary ("doesn't", "doesnt" → 4; "cannot" → 3), if it is one. */
function negatedBaseLength(lower: string, acronym: boolean): number | undefined {
  if (NEGATION.test(lower)) return lower.length - 3;
  if (lower === 'cannot') return 3;
  if (!acronym && CHAT_NEGATION.test(lower)) return lower.length - 2;
  return undefined;
}

/** The words of a text with how each was written; see `words`. */
export function wordsOf(text: string): Word[] {
  return tokensOf(text).flatMap((token) => (token.kind === 'word' ? [token.word] : []));
}

/**
 * Raw words of a text: lower-cased, accents folded, possessives and contractions' tails dropped
 * ("member's" → "member"), negations spelled out ("doesn't" → "does", "not"), hyphenated words joined
 * ("inter-library" → "interlibrary").
 */
export function words(text: string): string[] {
  return wordsOf(text).map(({ word }) => word);
}

/** Whether a word carries no topic: a stopword, unless written as an acronym ("US" is not "us"). */
export function isStopword({ word, acronym }: Word): boolean {
  return word.length === 0 || (!acronym && STOPWORDS.has(word));
}

/** The term a word is indexed and queried by: its lemma ("lost" → "lose"), then stemmed. */
export function termOf(word: string): string {
  return stem(IRREGULAR.get(word) ?? word);
}

/** The words of a text that carry its topic: no courtesy ("hi", "could you tell me"), no stopwords. */
export function contentWords(text: string): Word[] {
  return wordsOf(stripCourtesy(text)).filter((word) => !isStopword(word));
}

/** A term of a text and the word it was read from ("lost" → "los", from "lost"). */
export interface TermOf {
  term: string;
  word: string;
}

/**
 * The terms of a text with the words they come from: its content words, lemmatised and stemmed. A
 * hyphenated word gives the compound and its parts: "inter-library" meets "interlibrary" and "library".
 */
export function termsOf(text: string): TermOf[] {
  const terms: TermOf[] = [];
  for (const { word, parts } of contentWords(text)) {
    terms.push({ term: termOf(word), word });
    for (const part of parts ?? []) if (!STOPWORDS.has(part)) terms.push({ term: termOf(part), word: part });
  }
  return terms;
}

/** The terms a text is indexed and queried by (`termsOf` without the words). */
export function tokenize(text: string): string[] {
  return termsOf(text).map(({ term }) => term);
}
