import type { Passage, Scored } from '../types';
import type { Embedder, SparseVector } from './embedder';
import { InvertedIndex } from './inverted-index';

export interface Retriever {
  readonly passages: readonly Passage[];
  /** The `limit` passages most similar to the question, best first, each with a score in (0, 1]. */
  retrieve(question: string, limit: number): Scored[];
}

export function createRetriever(options: {
  embedder: Embedder;
  passages: readonly Passage[];
  vectors: readonly SparseVector[];
}): Retriever {
  const { embedder, passages, vectors } = options;
  const index = new InvertedIndex(vectors);
  return {
    passages,
    retrieve(question, limit) {
      return index
        .search(embedder.embed(question), limit)
        .map((hit) => ({ passage: passages[hit.doc] as Passage, score: hit.score }));
    },
  };
}

/** What a passage is embedded as: its heading trail restores what the heading said about the text. */
export function passageText(passage: Pick<Passage, 'trail' | 'text'>): string {
  return `${passage.trail.join(' > ')}\n${passage.text}`;
}
