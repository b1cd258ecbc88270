/**
 * A unit-length vector kept sparse: `ids` ascending, `values` aligned with them. A dense model fits the
 * same shape (every dimension present), so nothing above this interface depends on TF-IDF.
 */
export interface SparseVector {
  ids: number[];
  values: number[];
}

/** Turns text into vectors whose dot product is the similarity the gate compares, in [0, 1]. */
export interface Embedder {
  /** Names the model and its settings, for a person reading a result or a report. */
  readonly name: string;
  embed(text: string): SparseVector;
}
