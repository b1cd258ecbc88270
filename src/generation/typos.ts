import { STOPWORDS } from '../text/tokenize';

// Small words typed wrong: "dose" for "does", "teh" for "the", "hwo" for "how". Such a word is not a
// thing the question asks about; the reader leaves it out rather than require a unit to hold it.

/** The restricted Damerau–Levenshtein distance, stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = 1): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

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
    if (editDistance(word, stopword) <= 1) return true;
  }
  return false;
}
