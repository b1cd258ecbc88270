import { STOPWORDS } from '../../text/tokenize';

// Small words typed wrong: "dose" for "does", "teh" for "the", "hwo" for "how". Such a word is not a
// thing the question asks about; the reader leaves it out rather than require a unit to hold it.

/**
 * Whether `word` (lower case, not itself a stopword) is a stopword with two letters after the first
 * swapped: "dose" → "does", "waht" → "what", "teh" → "the" (two letters have no swap after the first).
 * Only swaps: a letter changed makes real words of stopwords too often ("dogs" and "dies" are one letter
 * from "does", "wall" from "will"), and a word the question means must never be left out as a slip.
 */
export function typoOfFunctionWord(word: string): boolean {
  // No stopword is a swap of another today; a list that grew one must not read a stopword as a slip.
  if (STOPWORDS.has(word)) return false;
  for (const stopword of STOPWORDS) {
    if (stopword.length === word.length && stopword[0] === word[0] && swapsTwo(word, stopword)) return true;
  }
  return false;
}

/** Whether `a` is `b` with two neighbouring letters swapped, and otherwise the same. */
function swapsTwo(a: string, b: string): boolean {
  const differ = [...a].flatMap((letter, at) => (letter === b[at] ? [] : [at]));
  if (differ.length !== 2) return false;
  const [first, second] = differ as [number, number];
  return second === first + 1 && a[first] === b[second] && a[second] === b[first];
}
