import type { SparseVector } from './embedder';

export interface Hit {
  /** Position of the passage in the index. */
  doc: number;
  score: number;
}

/**
 * Term → passages holding it, with their weights. A question touches only the lists of its own terms,
 * so the cost grows with how common its words are, not with the size of the corpus.
 */
export class InvertedIndex {
  readonly size: number;
  readonly #docs: Map<number, number[]>;
  readonly #weights: Map<number, number[]>;

  constructor(vectors: readonly SparseVector[]) {
    this.size = vectors.length;
    this.#docs = new Map();
    this.#weights = new Map();
    vectors.forEach((vector, doc) => {
      vector.ids.forEach((term, position) => {
        let docs = this.#docs.get(term);
        let weights = this.#weights.get(term);
        if (docs === undefined || weights === undefined) {
          docs = [];
          weights = [];
          this.#docs.set(term, docs);
          this.#weights.set(term, weights);
        }
        docs.push(doc);
        weights.push(vector.values[position] as number);
      });
    });
  }

  /** The `limit` best passages with a score above 0, best first; ties go to the earlier passage. */
  search(query: SparseVector, limit: number): Hit[] {
    const scores = new Map<number, number>();
    query.ids.forEach((term, position) => {
      const docs = this.#docs.get(term);
      const weights = this.#weights.get(term);
      if (docs === undefined || weights === undefined) return;
      const queryWeight = query.values[position] as number;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] as number;
        scores.set(doc, (scores.get(doc) ?? 0) + queryWeight * (weights[i] as number));
      }
    });
    return rank(scores, limit);
  }
}

function rank(scores: Map<number, number>, limit: number): Hit[] {
  const hits: Hit[] = [];
  for (const [doc, score] of scores) if (score > 0) hits.push({ doc, score });
  hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return hits.slice(0, limit);
}
