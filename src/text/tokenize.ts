import { stem } from './stem';

// Words and numbers, Unicode-aware; a decimal like "0.50" or "20.00" stays one token so that an amount
// in a question can meet the same amount in a passage.
const TOKEN = /\p{L}[\p{L}\p{M}']*|\d+(?:[.,]\d+)*/gu;
const APOSTROPHE_TAIL = /'(s|t|re|ve|ll|d|m)?$/u;
// Phones and word processors type "What’s" with a typographic apostrophe; it must fold like "What's".
const TYPOGRAPHIC_APOSTROPHE = /[\u2018\u2019\u02bc]/gu;

// Function words carry no topic. Question words are here too: "how", "what" and "many" say what kind
// of answer is wanted, not what it is about, and they would otherwise match every passage that uses them.
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each either else ever every few for from
  further had has have having he her here hers herself him himself his how i if in into is it its itself
  just let me more most much many my myself neither no nor not now of off on once only or other ought our
  ours ourselves out over own per please same shall she should so some such than that the their theirs them
  themselves then there these they this those through to too under until up upon us very was we were what
  whatever when whenever where whether which while who whom whose why will with within without would yes
  yet you your yours yourself yourselves`.split(/\s+/u),
);

/** Raw words of a text, lower-cased, accents folded, apostrophe tails dropped ("member's" → "member"). */
export function words(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(TYPOGRAPHIC_APOSTROPHE, "'")
    .toLowerCase();
  const found = folded.match(TOKEN) ?? [];
  return found.map((word) => word.replace(APOSTROPHE_TAIL, ''));
}

/** The terms a text is indexed and queried by: words without stopwords, stemmed. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const word of words(text)) {
    if (word.length === 0 || STOPWORDS.has(word)) continue;
    terms.push(stem(word));
  }
  return terms;
}
