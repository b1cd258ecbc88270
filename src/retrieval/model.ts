import { assertNever } from '../types';
import type { Embedder } from './embedder';
import { fitTfidf, TfidfEmbedder, type TfidfModel } from './tfidf';

/**
 * Every retrieval model the compiled index can hold, keyed by `kind`. A new model (a local embedding
 * model, a BM25 variant) is one more member here, one more case below, and one more schema in
 * index-file.ts; the ingest, the engine and the gate do not change.
 */
export type RetrievalModel = TfidfModel;

/** Fits the model to the passages' texts at build time. */
export function fitModel(texts: readonly string[]): RetrievalModel {
  return fitTfidf(texts);
}

/** The embedder a stored model describes: the same one at build time and at question time. */
export function embedderFor(model: RetrievalModel): Embedder {
  switch (model.kind) {
    case 'tfidf':
      return new TfidfEmbedder(model);
    default:
      return assertNever(model.kind);
  }
}
