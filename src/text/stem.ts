// A light suffix stripper, not a linguistic stemmer. The one property it must have is that a question
// and the passage answering it fold to the same term: "expires", "expired", "expiry" → "expir";
// "borrowing" → "borrow"; "renewals" → "renew". Whether the term is an English word does not matter.

const MIN_STEM = 3;

// Longest first, so "ations" wins over "s". Applied until none is left: "replacement" → "replace" →
// "replac", which is where "replacing" and "replace" land too; and "appealing" → "appeal" → "appe" →
// "app", where "appeal" lands (stopping after two suffixes left the longer form one suffix behind).
const SUFFIXES = [
  'ations',
  'ation',
  'ments',
  'ment',
  'ingly',
  'ings',
  'ing',
  'edly',
  'ed',
  'ers',
  'er',
  'als',
  'al',
  'able',
  'ly',
  'y',
  'e',
] as const;

const DIGIT = /\d/u;
const DOUBLED_CONSONANT = /([b-df-hj-km-np-rt-z])\1$/u;
// Final doubles that belong to the word itself ("call", "class", "buzz"), not to a suffix.
const KEPT_DOUBLES = new Set(['l', 's', 'z']);

function stripPlural(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/u.test(word) && word.length > MIN_STEM) return word.slice(0, -1);
  return word;
}

function stripSuffix(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM) {
      return word.slice(0, -suffix.length);
    }
  }
  return word;
}

export function stem(word: string): string {
  if (word.length <= MIN_STEM || DIGIT.test(word)) return word;
  let term = stripPlural(word);
  for (let next = stripSuffix(term); next !== term; next = stripSuffix(term)) term = next;
  const doubled = DOUBLED_CONSONANT.exec(term);
  if (doubled?.[1] && !KEPT_DOUBLES.has(doubled[1]) && term.length > MIN_STEM) term = term.slice(0, -1);
  return term;
}
