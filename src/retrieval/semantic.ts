// The semantic channel: word vectors (src/compiled-index/word-vectors.ts is their file) that let the gate
// see how near a passage comes to a question in meaning where they share no words (`softMatch`), and that
// can add a question term's neighbours in meaning to retrieval (`SemanticChannel.neighbours`). Built for
// a corpus from the table and the corpus's sorted vocabulary: one matrix of the vectors of the corpus
// terms the table knows, scanned per question term.
import type { EvidenceWeights } from '../types';

/** Unit vectors by term, rows of one flat array. */
export interface WordVectors {
  /** Sorted, distinct. */
  terms: readonly string[];
  dimensions: number;
  /** `terms.length` × `dimensions`, each row of length 1. */
  vectors: Float32Array;
  /** The SHA-256 of the file, hex: what a trace records, so that a replay uses the same table. */
  digest: string;
}

/** The row of `term` in the table, or undefined: a binary search in the sorted terms. */
export function rowOf(table: Pick<WordVectors, 'terms'>, term: string): number | undefined {
  let low = 0;
  let high = table.terms.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = table.terms[middle] as string;
    if (found === term) return middle;
    if (found < term) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** A corpus term near a question's term, and how near: the cosine of their vectors. */
export interface Neighbour {
  term: string;
  similarity: number;
}

/** How the channel reads a question: fitted by `npm run fit:semantic` (src/retrieval/semantic-model.ts). */
export interface SemanticSettings {
  /** What a neighbour weighs in retrieval, times its similarity, against 1 for a written word. */
  weight: number;
  /** A corpus term nearer than this to a question's term is one of its neighbours. */
  minSimilarity: number;
  /** At most this many neighbours a question term. */
  neighbours: number;
}

/**
 * What `npm run fit:semantic` fits (src/retrieval/semantic-model.ts): how the channel reads a question,
 * the gate's evidence model on the lexical and semantic features, and the threshold on its score.
 */
export interface SemanticModel {
  /** Names this fit in traces: a replay with another model says so. */
  version: string;
  settings: SemanticSettings;
  evidence: EvidenceWeights;
  threshold: number;
  /** How the threshold was chosen, in words: the gate's source when the channel is on. */
  source: string;
  /**
   * The gate fitted with a sentence encoder's evidence too (`EncoderEvidence`), at the same reading: used
   * when that encoder is loaded (the command line), and this model's own gate otherwise (the page).
   */
  encoder?: EncoderGate;
}

/** The gate's model and threshold when a sentence encoder reads the question too. */
export interface EncoderGate {
  /** The encoder it was fitted with (`SentenceEncoder.id`): another encoder's cosines are not these. */
  encoder: string;
  /** Names this fit in traces. */
  version: string;
  evidence: EvidenceWeights;
  threshold: number;
  source: string;
  /**
   * The context's order with the encoder: the words' first `depth` passages by their retrieval score plus
   * `weight` times the cosine of question and passage. The gate still reads the words' first passages in
   * the words' order (the reading's words shown for expansions come from all `depth`). Absent, retrieval's
   * order stands; the shipped model sets none (measured by `npm run measure:rerank`, not adopted).
   */
  rerank?: { depth: number; weight: number };
}

/**
 * A sentence encoder: whole texts to vectors whose cosine says how near they are in meaning. The engine
 * only calls it; loading one is the caller's (scripts/lib/encoder.ts on the command line).
 */
export interface SentenceEncoder {
  /** The encoder's name and version: what traces record and what an `EncoderGate` was fitted with. */
  readonly id: string;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

export interface SemanticChannel {
  /** The word vectors: their digest is what traces record, so that a replay reads with the same. */
  readonly table: WordVectors;
  /**
   * The nearest corpus terms to `term`, nearest first, `term` itself never among them. Remembered for the
   * last REMEMBERED_TERMS terms asked: a question's words recur, and each is a scan of the vocabulary.
   */
  neighbours(term: string, options: { count: number; minSimilarity: number }): readonly Neighbour[];
}

/** Cosine of two vectors; 0 when either is all zeros. */
export function cosineOf(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let k = 0; k < a.length; k++) {
    const x = a[k] as number;
    const y = b[k] as number;
    dot += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
}

/** How many terms' neighbours a channel remembers, the oldest forgotten first: a few hundred KB at most. */
export const REMEMBERED_TERMS = 4096;

/** The channel for a corpus whose sorted vocabulary is `corpusTerms`. */
export function semanticChannel(table: WordVectors, corpusTerms: readonly string[]): SemanticChannel {
  const { dimensions } = table;
  // The corpus terms the table knows, and their vectors as one matrix: both lists are sorted, so one
  // merge finds them.
  const known: string[] = [];
  const rows: number[] = [];
  let at = 0;
  for (const term of corpusTerms) {
    while (at < table.terms.length && (table.terms[at] as string) < term) at++;
    if (table.terms[at] === term) {
      known.push(term);
      rows.push(at);
    }
  }
  const matrix = new Float32Array(known.length * dimensions);
  rows.forEach((row, i) => {
    matrix.set(table.vectors.subarray(row * dimensions, (row + 1) * dimensions), i * dimensions);
  });

  const remembered = new Map<string, readonly Neighbour[]>();
  return {
    table,
    neighbours(term, options) {
      const key = `${term}\u0000${options.count}\u0000${options.minSimilarity}`;
      const seen = remembered.get(key);
      if (seen !== undefined) return seen;
      const found = scan(term, options);
      if (remembered.size >= REMEMBERED_TERMS) remembered.delete(remembered.keys().next().value as string);
      remembered.set(key, found);
      return found;
    },
  };

  function scan(
    term: string,
    { count, minSimilarity }: { count: number; minSimilarity: number },
  ): Neighbour[] {
    const row = rowOf(table, term);
    if (row === undefined || count < 1) return [];
    const vector = table.vectors.subarray(row * dimensions, (row + 1) * dimensions);
    const best: Neighbour[] = [];
    // Four running sums a row: the scan over every corpus term is the channel's cost per question word,
    // and independent sums let the engine overlap the multiplications.
    const whole = dimensions - (dimensions % 4);
    for (let i = 0; i < known.length; i++) {
      const offset = i * dimensions;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let k = 0; k < whole; k += 4) {
        s0 += (vector[k] as number) * (matrix[offset + k] as number);
        s1 += (vector[k + 1] as number) * (matrix[offset + k + 1] as number);
        s2 += (vector[k + 2] as number) * (matrix[offset + k + 2] as number);
        s3 += (vector[k + 3] as number) * (matrix[offset + k + 3] as number);
      }
      for (let k = whole; k < dimensions; k++) s0 += (vector[k] as number) * (matrix[offset + k] as number);
      const dot = s0 + s1 + s2 + s3;
      if (dot < minSimilarity || known[i] === term) continue;
      if (best.length === count && dot <= (best[count - 1] as Neighbour).similarity) continue;
      let place = best.length === count ? count - 1 : best.length;
      while (place > 0 && dot > (best[place - 1] as Neighbour).similarity) {
        best[place] = best[place - 1] as Neighbour;
        place--;
      }
      best[place] = { term: known[i] as string, similarity: dot };
    }
    return best;
  }
}

/** A question term and what it weighs (its idf in the corpus). */
export interface WeightedTerm {
  term: string;
  weight: number;
}

/** How near a passage comes to a question in meaning: what the gate's semantic features are made of. */
export interface SoftMatch {
  /**
   * The question's weight held at each level of nearness, as shares in [0, 1]: `close`, a word the passage
   * lacks whose nearest passage term is at least CLOSE in cosine; `related`, at least RELATED. A word the
   * passage holds counts in neither (the lexical features count it).
   */
  close: number;
  related: number;
  /** The cosine of the weighted mean vectors of the question's terms and the passage's. */
  meanSimilarity: number;
}

// The levels of nearness, as kernel-pooled relevance models (K-NRM) count soft matches in bins: the
// fitted weights, not these edges, decide what each level is worth.
export const CLOSE = 0.6;
export const RELATED = 0.45;

/**
 * The soft match of a question to a passage's terms, in the vectors of `table`. `passage` holds each
 * of its terms once with its weight; a term with no vector counts for nothing but its weight.
 */
export function softMatch(options: {
  table: WordVectors;
  question: readonly WeightedTerm[];
  passage: readonly WeightedTerm[];
}): SoftMatch {
  const { table, question, passage } = options;
  const { dimensions } = table;
  const vectorOf = (term: string) => {
    const row = rowOf(table, term);
    return row === undefined ? undefined : table.vectors.subarray(row * dimensions, (row + 1) * dimensions);
  };
  const passageVectors = passage.flatMap(({ term, weight }) => {
    const vector = vectorOf(term);
    return vector === undefined ? [] : [{ term, weight, vector }];
  });
  const held = new Set(passage.map(({ term }) => term));
  const mean = (vectors: ReadonlyArray<{ weight: number; vector: Float32Array }>) => {
    const sum = new Float32Array(dimensions);
    for (const { weight, vector } of vectors)
      for (let k = 0; k < dimensions; k++) sum[k] = (sum[k] as number) + weight * (vector[k] as number);
    return sum;
  };
  let total = 0;
  let close = 0;
  let related = 0;
  const questionVectors: Array<{ weight: number; vector: Float32Array }> = [];
  for (const { term, weight } of question) {
    total += weight;
    const vector = vectorOf(term);
    if (vector !== undefined) questionVectors.push({ weight, vector });
    if (held.has(term) || vector === undefined) continue;
    let best = 0;
    for (const other of passageVectors) best = Math.max(best, dot(vector, other.vector));
    if (best >= CLOSE) close += weight;
    else if (best >= RELATED) related += weight;
  }
  const meanSimilarity =
    questionVectors.length === 0 || passageVectors.length === 0
      ? 0
      : cosine(mean(questionVectors), mean(passageVectors));
  return {
    close: total === 0 ? 0 : close / total,
    related: total === 0 ? 0 : related / total,
    meanSimilarity,
  };
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) sum += (a[k] as number) * (b[k] as number);
  return sum;
}

function cosine(a: Float32Array, b: Float32Array): number {
  const length = Math.sqrt(dot(a, a) * dot(b, b));
  return length === 0 ? 0 : dot(a, b) / length;
}
