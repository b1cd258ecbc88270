import { assertNever } from '../types';

/**
 * Every scorer the compiled index can name, keyed by `kind`. Both read the same postings; what they
 * store is their settings only, because everything else (idf, lengths, norms) follows from the postings.
 *
 * - `bm25`: Okapi BM25 (Lucene's idf), divided by the largest score the question could reach: every
 *   question term, seen or not, at its idf times (k1 + 1), the limit of the tf part as a term repeats
 *   without end. So the score is in [0, 1) and a question whose rare words the corpus lacks scores low.
 * - `tfidf`: cosine over sublinear tf × smoothed idf, the first scorer; question words the corpus never
 *   uses count in the question's norm at the largest idf.
 */
export type RetrievalModel = { kind: 'bm25'; k1: number; b: number } | { kind: 'tfidf' };

export const BM25: RetrievalModel = { kind: 'bm25', k1: 1.2, b: 0.75 };
export const TFIDF: RetrievalModel = { kind: 'tfidf' };

/** The scorers by the name the command line takes (`--model`). */
export const RETRIEVAL_MODELS: Readonly<Record<string, RetrievalModel>> = { bm25: BM25, tfidf: TFIDF };

/**
 * What the ingest fits when nothing else is asked for, chosen on `npm run eval:retrieval` (figures in
 * the README): BM25 ranks SQuAD's paragraphs about as well (hit@1 0.826 against 0.824), but its bound
 * grows with every word of the question, so two polite sentences around a question sink it below its
 * own calibrated threshold (1 of 14 answerable questions still passes, against 11 of 14 with the cosine).
 */
export const DEFAULT_RETRIEVAL_MODEL: RetrievalModel = TFIDF;

/** The model and its settings in words, for a person reading a result or a report. */
export function describeModel(model: RetrievalModel): string {
  switch (model.kind) {
    case 'bm25':
      return `bm25 (k1 ${model.k1}, b ${model.b}; divided by the best score the question could reach)`;
    case 'tfidf':
      return 'tfidf-cosine (sublinear tf, smoothed idf, unseen terms count in the query norm)';
    default:
      return assertNever(model);
  }
}
