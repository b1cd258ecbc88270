import { PROPER_NAME_LINES } from './wordnet/proper-names';

// Names typed in lower case. "where do people live in japan?" asks what "…in Japan?" asks, but only the
// capital says that "Japan" is a name the answer must hold; typed in lower case it was a word like any
// other, and a sentence about people living somewhere answered it. A word of WordNet's names
// (src/text/wordnet/proper-names.ts) that the corpus never uses is read as the name it is.

let names: ReadonlySet<string> | undefined;

/** Whether a word, folded to lower case, is a name: a place, person, people, language or holiday. */
export function isName(word: string): boolean {
  names ??= new Set(PROPER_NAME_LINES.flatMap((line) => line.split(' ')));
  return names.has(word);
}
