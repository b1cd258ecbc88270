// The GloVe scores npm run fit:gate measures: read from a wink-embeddings file, and what each rewards.
import { describe, expect, it } from 'vitest';
import {
  cosineOf,
  meanSimilarity,
  meanVector,
  parseWordVectors,
  vocabularyBridge,
} from '../../scripts/lib/semantic';

// Three dimensions, each entry ending with its length and its index as the package's file does.
const FILE = JSON.stringify({
  precision: 8,
  dimensions: 3,
  words: ['film', 'dvd', 'mortgage', 'say "hi"'],
  vectors: {
    film: [1, 0.2, 0, 1.02, 0],
    dvd: [0.9, 0.3, 0, 0.95, 1],
    mortgage: [0, 0, 2, 2, 2],
    'say "hi"': [0, 1, 0, 1, 3],
  },
  unkVector: [0, 0, 0, -1],
});
const vectors = parseWordVectors({
  text: FILE,
  wanted: new Set(['film', 'dvd', 'mortgage', 'say "hi"', 'unkVector']),
}).vectors;

describe('reading a wink-embeddings file', () => {
  it('keeps only the words asked for, at unit length, and counts the whole vocabulary', () => {
    const read = parseWordVectors({ text: FILE, wanted: new Set(['mortgage', 'absent']) });
    expect([...read.vectors.keys()]).toEqual(['mortgage']);
    expect([...(read.vectors.get('mortgage') ?? [])]).toEqual([0, 0, 1]);
    expect(read).toMatchObject({ dimensions: 3, vocabulary: 4 });
  });

  it('reads escaped words and stops at the end of the vectors (the unknown vector is no word)', () => {
    expect(vectors.has('say "hi"')).toBe(true);
    expect(vectors.has('unkVector')).toBe(false);
  });

  it('throws, naming the word, on an entry of the wrong length', () => {
    const broken = FILE.replace('[0,0,2,2,2]', '[0,2,2,2]');
    expect(() => parseWordVectors({ text: broken, wanted: new Set(['mortgage']) })).toThrow(
      'the entry for "mortgage" has 4 numbers, expected 5',
    );
  });

  it('refuses a file that is not one', () => {
    expect(() => parseWordVectors({ text: '{"words":[]}', wanted: new Set() })).toThrow(
      /not a wink-embeddings file/,
    );
  });
});

describe('the semantic scores', () => {
  it('gives the cosine of two vectors, 0 against a zero vector', () => {
    expect(cosineOf(Float32Array.of(1, 0), Float32Array.of(0, 2))).toBe(0);
    expect(cosineOf(Float32Array.of(1, 1), Float32Array.of(2, 2))).toBeCloseTo(1);
    expect(cosineOf(Float32Array.of(1, 1), Float32Array.of(0, 0))).toBe(0);
  });

  it('weighs the mean by each word, skipping words without a vector', () => {
    const mean = meanVector({
      words: [
        { word: 'mortgage', weight: 2 },
        { word: 'unknown', weight: 5 },
      ],
      vectors,
    });
    expect([...(mean ?? [])]).toEqual([0, 0, 2]);
    expect(meanVector({ words: [{ word: 'unknown', weight: 1 }], vectors })).toBeUndefined();
  });

  it('scores a passage on the same subject above one on another, and 0 with nothing to compare', () => {
    const question = [{ word: 'film', weight: 1 }];
    const near = meanSimilarity({ question, passage: [{ word: 'dvd', weight: 1 }], vectors });
    const far = meanSimilarity({ question, passage: [{ word: 'mortgage', weight: 1 }], vectors });
    expect(near).toBeGreaterThan(0.9);
    expect(far).toBe(0);
    expect(meanSimilarity({ question, passage: [], vectors })).toBe(0);
  });

  it('bridges a missing word by its nearest passage word, a word without a vector by nothing', () => {
    const bridged = vocabularyBridge({ missing: ['film'], passage: ['mortgage', 'dvd'], vectors });
    expect(bridged).toBeCloseTo(
      cosineOf(vectors.get('film') as Float32Array, vectors.get('dvd') as Float32Array),
    );
    expect(vocabularyBridge({ missing: ['film', 'unknown'], passage: ['dvd'], vectors })).toBeCloseTo(
      bridged / 2,
    );
    expect(vocabularyBridge({ missing: ['mortgage'], passage: ['dvd'], vectors })).toBe(0);
  });

  it('needs no bridge when the passage lacks no question word', () => {
    expect(vocabularyBridge({ missing: [], passage: [], vectors })).toBe(1);
  });
});
