// A light suffix stripper, not a linguistic stemmer. The one property it must have is that a question
// and the passage answering it fold to the same term: "expires", "expired", "expiry" → "expir";
// "borrowing" → "borrow"; "renewals" → "renew". Whether the term is an English word does not matter.

const MIN_STEM = 3;

// Longest first, so "ations" wins over "s". Applied until none is left: "replacement" → "replace" →
// "replac", which is where "replacing" and "replace" land too; and "appealing" → "appeal", where "appeal"
// lands (stopping after two suffixes left the longer form one suffix behind). Each suffix needs enough of
// a word before it, counted as Porter counts it (`measure`): the short "al" and "er" end many a word
// they are no suffix of ("appeal", "reveal", "order", "paper"), so they need two vowel–consonant runs
// ("renew|al", "borrow|er"), the rest one. Without that, "appeal" ended as "app" and "reveal" as
// "reversed" did.
const SUFFIXES: ReadonlyArray<readonly [suffix: string, measure: number]> = [
  ['ations', 1],
  ['ation', 1],
  ['ments', 1],
  ['ment', 1],
  ['ingly', 1],
  ['ings', 1],
  ['ing', 1],
  ['edly', 1],
  ['ed', 1],
  ['ers', 2],
  ['er', 2],
  ['als', 2],
  ['al', 2],
  ['able', 1],
  ['ly', 1],
  ['y', 1],
  ['e', 1],
  // "movie" → "movi" → "mov", where "movies" → "movy" lands: the plural of a word in "ie" is read as one
  // in "y" ("libraries" → "library").
  ['i', 1],
];

const VOWEL = /[aeiou]/u;

/**
 * Porter's measure of a stem: how many times a run of vowels is followed by a run of consonants ("tr" 0,
 * "app" 1, "appe" 1, "renew" 2). A "y" after a consonant is a vowel.
 */
export function measure(stem: string): number {
  let runs = 0;
  let previousVowel = false;
  for (let at = 0; at < stem.length; at++) {
    const letter = stem[at] as string;
    const vowel: boolean = VOWEL.test(letter) || (letter === 'y' && at > 0 && !previousVowel);
    if (!vowel && previousVowel) runs++;
    previousVowel = vowel;
  }
  return runs;
}

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
  for (const [suffix, least] of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length - suffix.length < MIN_STEM) continue;
    const rest = word.slice(0, -suffix.length);
    return measure(rest) >= least ? rest : word;
  }
  return word;
}

export function stem(word: string): string {
  if (word.length <= MIN_STEM || DIGIT.test(word)) return word;
  let term = stripPlural(word);
  for (let next = stripSuffix(term); next !== term; next = stripSuffix(term)) term = next;
  const doubled = DOUBLED_CONSONANT.exec(term);
  if (doubled?.[1] && !KEPT_DOUBLES.has(doubled[1]) && term.length > MIN_STEM) term = term.slice(0, -1);
  // A final "ll" after more than one vowel–consonant run is the British doubling before a suffix
  // ("cancelled" → "cancell", "travelling"): one "l", as Porter's last step has it; "call", "fall" and
  // "spell" keep theirs.
  else if (term.endsWith('ll') && measure(term.slice(0, -1)) > 1) term = term.slice(0, -1);
  return term;
}
