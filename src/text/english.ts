import { lemmaCandidates } from './lemma';
import { STOPWORDS } from './tokenize';
import { ENGLISH_WORD_LINES } from './wordnet/english-words';

// English words are not typos. "my 10 year old wants a card" was read as "…waits a card" because "waits"
// is one letter from "wants" and the corpus writes it; a word the dictionary knows is the word the asker
// meant. The dictionary (src/text/wordnet/english-words.ts) is WordNet's common dictionary forms.

let english: ReadonlySet<string> | undefined;

/** Whether `word` (lower case) is an English word: a function word, or a common dictionary form or an inflection of one. */
export function isEnglishWord(word: string): boolean {
  english ??= new Set(ENGLISH_WORD_LINES.flatMap((line) => line.split(' ')));
  const known = english;
  return STOPWORDS.has(word) || lemmaCandidates(word).some((form) => known.has(form));
}
