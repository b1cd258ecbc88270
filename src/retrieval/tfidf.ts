import type { Embedder, SparseVector } from './embedder';
import { tokenize } from './tokenize';

/** What the compiled index stores of the model: enough to embed a question exactly as at build time. */
export interface TfidfModel {
  kind: 'tfidf';
  /** Vocabulary in id order. */
  terms: string[];
  /** Inverse document frequency of each term, aligned with `terms`. */
  idf: number[];
  /** The idf a term never seen in the corpus gets: the largest there could be. */
  unseenIdf: number;
}

/**
 * Smoothed idf, as in scikit-learn: ln((1 + n) / (1 + df)) + 1. A term in every passage still weighs 1,
 * so a question made only of such terms can still match; a rare term weighs most.
 */
function idfOf(passageCount: number, documentFrequency: number): number {
  return Math.log((1 + passageCount) / (1 + documentFrequency)) + 1;
}

/** Fits the vocabulary and idf to the passages' texts. Deterministic: terms are sorted. */
export function fitTfidf(texts: readonly string[]): TfidfModel {
  const documentFrequency = new Map<string, number>();
  for (const text of texts) {
    for (const term of new Set(tokenize(text))) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const terms = [...documentFrequency.keys()].sort();
  return {
    kind: 'tfidf',
    terms,
    idf: terms.map((term) => idfOf(texts.length, documentFrequency.get(term) ?? 0)),
    unseenIdf: idfOf(texts.length, 0),
  };
}

/**
 * Cosine over sublinear tf × idf. A question's words the corpus never uses still count in its length
 * (at the unseen idf): "What is the capital of France?" is mostly about things the corpus lacks, and its
 * score should say so rather than rest on the one word it shares.
 */
export class TfidfEmbedder implements Embedder {
  readonly name = 'tfidf-cosine (sublinear tf, smoothed idf, unseen terms count in the query norm)';
  readonly #termIds: Map<string, number>;
  readonly #model: TfidfModel;

  constructor(model: TfidfModel) {
    this.#model = model;
    this.#termIds = new Map(model.terms.map((term, id) => [term, id]));
  }

  embed(text: string): SparseVector {
    const counts = new Map<string, number>();
    for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);

    const known: Array<[number, number]> = [];
    let squaredNorm = 0;
    for (const [term, count] of counts) {
      const id = this.#termIds.get(term);
      const idf = id === undefined ? this.#model.unseenIdf : (this.#model.idf[id] as number);
      const weight = (1 + Math.log(count)) * idf;
      squaredNorm += weight * weight;
      if (id !== undefined) known.push([id, weight]);
    }
    if (squaredNorm === 0) return { ids: [], values: [] };
    const norm = Math.sqrt(squaredNorm);
    known.sort((a, b) => a[0] - b[0]);
    return { ids: known.map(([id]) => id), values: known.map(([, weight]) => weight / norm) };
  }
}
