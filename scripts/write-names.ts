// npm run write:names
//
// Writes src/text/proper-names.ts: the names WordNet knows (wordNetNames in scripts/wordnet.ts), as the
// question-time text model reads them. A derived list, like the reader's fitted model: committed so that
// the page and the command line need no WordNet, rewritten by this command alone.
// tests/text/names.test.ts fails when it no longer matches what WordNet gives.
import { writeFileSync } from 'node:fs';
import { run } from './cli';
import { namesModuleSource, wordNetNames } from './wordnet';

const OUT = 'src/text/proper-names.ts';

run(() => {
  const names = wordNetNames();
  writeFileSync(OUT, namesModuleSource(names));
  console.log(`wrote ${OUT}: ${names.length} names`);
  return 0;
});
