import { IRREGULAR } from './irregular';

// The dictionary forms a word may be an inflection of, as WordNet's "morphy" finds them: its detachment
// rules ("closes" → "close", "libraries" → "library", "stopped" → "stop") and the irregular forms ("got"
// → "get"). A thesaurus keyed by dictionary words is looked up with these, not with the stem: stemming
// folds derived words onto their base ("gettable" → "get"), and a derived word's synonyms
// ("addressable") are not its base's.

// Suffix → what replaces it, for nouns, verbs and adjectives together.
const DETACHMENTS: ReadonlyArray<readonly [string, string]> = [
  ['ies', 'y'],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['es', 'e'],
  ['es', ''],
  ['s', ''],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  ['er', ''],
  ['er', 'e'],
  ['est', ''],
  ['est', 'e'],
];

const DOUBLED_END = /([b-df-hj-np-tv-z])\1$/u;
// A form no shorter than this is left once a suffix is detached: "bed" is no inflection of "b", and
// "cds" read as "cd" met WordNet's Roman numerals (CD = 400, beside "one" and "liv").
const MIN_BASE = 3;

/** `word` (lower case) and each dictionary form it may inflect, the word itself first, without repeats. */
export function lemmaCandidates(word: string): string[] {
  const found = [word];
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) found.push(irregular);
  for (const [suffix, replacement] of DETACHMENTS) {
    if (!word.endsWith(suffix) || word.length - suffix.length < MIN_BASE) continue;
    const base = word.slice(0, -suffix.length) + replacement;
    found.push(base);
    // "stopped" → "stopp" → "stop".
    if (replacement === '' && DOUBLED_END.test(base)) found.push(base.slice(0, -1));
  }
  return [...new Set(found)];
}
