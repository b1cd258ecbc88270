import { editDistance } from '../text/edit-distance';
import { STOPWORDS } from '../text/tokenize';

// Small words typed wrong: "dose" for "does", "teh" for "the", "hwo" for "how". Such a word is not a
// thing the question asks about; the reader leaves it out rather than require a unit to hold it.

// One slip in a word of two or three letters is too easy to make by accident: "bob" is one from "but".
const SHORTEST_TYPO = 4;

/**
 * Whether `word` (lower case, not itself a stopword) is a stopword with two letters swapped or one letter
 * changed after the first: "dose" → "does". Only slips that keep the length and the first letter: "hours"
 * is one letter from "ours" and "hour" one from "your", and both are words in their own right.
 */
export function typoOfFunctionWord(word: string): boolean {
  if (word.length < SHORTEST_TYPO || STOPWORDS.has(word)) return false;
  for (const stopword of STOPWORDS) {
    if (stopword.length !== word.length || stopword[0] !== word[0]) continue;
    if (editDistance({ from: word, to: stopword, max: 1 }) <= 1) return true;
  }
  return false;
}
