import { describe, expect, it } from 'vitest';
import { semanticChannel, softMatch, type WordVectors } from '../../src/retrieval/semantic';

/** A table of unit rows from plain ones, terms sorted. */
function tableOf(rows: Record<string, number[]>): WordVectors {
  const terms = Object.keys(rows).sort();
  const vectors = Float32Array.from(
    terms.flatMap((term) => {
      const row = rows[term] as number[];
      const length = Math.hypot(...row);
      return row.map((x) => x / length);
    }),
  );
  return { terms, dimensions: 3, vectors, digest: '0'.repeat(64) };
}

const table = tableOf({
  dvd: [1, 0.1, 0],
  film: [0.9, 0.3, 0],
  video: [0.8, 0.5, 0.1],
  fine: [0, 1, 0.2],
  mortgag: [0, 0, 1],
});

describe('semanticChannel.neighbours', () => {
  const channel = semanticChannel(table, ['dvd', 'fine', 'loan', 'video']);

  it('gives the corpus terms nearest first, never the term itself, only those with a vector', () => {
    const near = channel.neighbours('film', { count: 5, minSimilarity: 0 });
    expect(near.map(({ term }) => term)).toEqual(['dvd', 'video', 'fine']);
    expect(near.map(({ similarity }) => similarity)).toEqual(
      [...near.map(({ similarity }) => similarity)].sort((a, b) => b - a),
    );
    expect(channel.neighbours('dvd', { count: 5, minSimilarity: 0 }).map(({ term }) => term)).not.toContain(
      'dvd',
    );
  });

  it('keeps to the count and the minimum similarity, and knows no term without a vector', () => {
    expect(channel.neighbours('film', { count: 1, minSimilarity: 0 })).toHaveLength(1);
    const close = channel.neighbours('film', { count: 5, minSimilarity: 0.9 });
    expect(close.every(({ similarity }) => similarity >= 0.9)).toBe(true);
    expect(close.map(({ term }) => term)).toContain('dvd');
    expect(channel.neighbours('loan', { count: 5, minSimilarity: 0 })).toEqual([]);
  });
});

describe('softMatch', () => {
  const weighted = (...terms: string[]) => terms.map((term) => ({ term, weight: 1 }));

  it('counts a word the passage lacks by its nearest passage word, and a held word in neither share', () => {
    const near = softMatch({ table, question: weighted('film'), passage: weighted('dvd', 'fine') });
    expect(near.close).toBe(1);
    const far = softMatch({ table, question: weighted('mortgag'), passage: weighted('dvd', 'fine') });
    expect(far.close + far.related).toBeLessThan(near.close);
    const held = softMatch({ table, question: weighted('film'), passage: weighted('film', 'fine') });
    expect(held.close + held.related).toBe(0);
    expect(held.meanSimilarity).toBeGreaterThan(far.meanSimilarity);
  });

  it('weighs each word by its weight, and is 0 on every count with no vector on a side', () => {
    const half = softMatch({
      table,
      question: [
        { term: 'film', weight: 1 },
        { term: 'mortgag', weight: 3 },
      ],
      passage: weighted('dvd'),
    });
    expect(half.close).toBeCloseTo(0.25);
    expect(softMatch({ table, question: weighted('loan'), passage: weighted('dvd') })).toEqual({
      close: 0,
      related: 0,
      meanSimilarity: 0,
    });
  });
});
