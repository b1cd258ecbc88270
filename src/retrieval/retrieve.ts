import { tokenize } from '../text/tokenize';
import type { Passage, Scored } from '../types';
import { InvertedIndex } from './inverted-index';
import type { RetrievalModel } from './model';
import type { Postings } from './postings';

export interface Retriever {
  readonly passages: readonly Passage[];
  /** The `limit` passages most similar to the question, best first, each with a score in (0, 1]. */
  retrieve(question: string, limit: number): Scored[];
}

export function createRetriever(options: {
  model: RetrievalModel;
  terms: readonly string[];
  postings: Postings;
  passages: readonly Passage[];
}): Retriever {
  const { passages } = options;
  const index = new InvertedIndex({ ...options, passageCount: passages.length });
  return {
    passages,
    retrieve(question, limit) {
      return index
        .search(tokenize(question), limit)
        .map((hit) => ({ passage: passages[hit.doc] as Passage, score: hit.score }));
    },
  };
}

/** What a passage is indexed as: its heading trail restores what the heading said about the text. */
export function passageText(passage: Pick<Passage, 'trail' | 'text'>): string {
  return `${passage.trail.join(' > ')}\n${passage.text}`;
}
