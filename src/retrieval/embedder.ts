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
  /** Names the model and its settings, recorded in the compiled index. */
  readonly name: string;
  embed(text: string): SparseVector;
}

export function dot(a: SparseVector, b: SparseVector): number {
  let sum = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const left = a.ids[i] as number;
    const right = b.ids[j] as number;
    if (left === right) {
      sum += (a.values[i] as number) * (b.values[j] as number);
      i++;
      j++;
    } else if (left < right) {
      i++;
    } else {
      j++;
    }
  }
  return sum;
}
