import { describe, expect, it } from 'vitest';
import {
  decodeWordVectors,
  encodeWordVectors,
  VectorTableError,
} from '../../src/compiled-index/word-vectors';
import { rowOf } from '../../src/retrieval/semantic';

/** Unit rows from plain ones. */
function unitRows(rows: number[][]): Float32Array {
  return Float32Array.from(
    rows.flatMap((row) => {
      const length = Math.hypot(...row);
      return row.map((x) => x / length);
    }),
  );
}

const terms = ['book', 'dvd', 'film', 'mortgag'];
const vectors = unitRows([
  [1, 0.2, 0, 0.1],
  [0.1, 1, 0.7, 0],
  [0.2, 0.9, 0.8, 0.1],
  [0, 0, 0.1, 1],
]);
const cosineOf = (table: { vectors: Float32Array; dimensions: number }, a: number, b: number) => {
  let dot = 0;
  for (let k = 0; k < table.dimensions; k++) {
    dot +=
      (table.vectors[a * table.dimensions + k] as number) *
      (table.vectors[b * table.dimensions + k] as number);
  }
  return dot;
};

describe('the word-vector table', () => {
  const bytes = encodeWordVectors({ terms, dimensions: 4, vectors });

  it('reads back the terms and unit vectors it wrote, each cosine within a byte’s rounding', () => {
    const table = decodeWordVectors(bytes);
    expect(table.terms).toEqual(terms);
    expect(table.digest).toMatch(/^[0-9a-f]{64}$/u);
    const original = { vectors, dimensions: 4 };
    for (let a = 0; a < terms.length; a++) {
      expect(cosineOf(table, a, a)).toBeCloseTo(1, 5);
      for (let b = 0; b < terms.length; b++) {
        expect(Math.abs(cosineOf(table, a, b) - cosineOf(original, a, b))).toBeLessThan(0.02);
      }
    }
    expect(rowOf(table, 'film')).toBe(2);
    expect(rowOf(table, 'films')).toBeUndefined();
  });

  it('refuses, by name, a table with any byte changed after its checksum', () => {
    for (const at of [40, 60, bytes.length - 1]) {
      const damaged = bytes.slice();
      damaged[at] = (damaged[at] as number) ^ 1;
      expect(() => decodeWordVectors(damaged)).toThrow(VectorTableError);
      expect(() => decodeWordVectors(damaged)).toThrow(/checksum does not match/);
    }
  });

  it('refuses what is not a table, another version and a cut file', () => {
    expect(() => decodeWordVectors(new TextEncoder().encode('{"words":[]}'))).toThrow(
      /does not begin with SBWV/,
    );
    const other = bytes.slice();
    other[4] = 9;
    expect(() => decodeWordVectors(other)).toThrow(/version 9/);
    expect(() => decodeWordVectors(bytes.subarray(0, bytes.length - 4))).toThrow(VectorTableError);
  });

  it('writes only sorted, distinct terms with one row each', () => {
    expect(() =>
      encodeWordVectors({ terms: ['dvd', 'book'], dimensions: 4, vectors: vectors.subarray(0, 8) }),
    ).toThrow(/not sorted/);
    expect(() =>
      encodeWordVectors({ terms: ['book', 'book'], dimensions: 4, vectors: vectors.subarray(0, 8) }),
    ).toThrow(/not sorted and distinct/);
    expect(() => encodeWordVectors({ terms, dimensions: 4, vectors: vectors.subarray(0, 8) })).toThrow(
      /components/,
    );
  });
});
