import { describe, expect, it } from 'vitest';
import {
  cosineOf,
  REMEMBERED_TERMS,
  semanticChannel,
  softMatch,
  type WordVectors,
} from '../../src/retrieval/semantic';

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
  return {
    terms,
    dimensions: (rows[terms[0] as string] as number[]).length,
    vectors,
    digest: '0'.repeat(64),
  };
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

describe('semanticChannel.neighbours, remembered', () => {
  // Nine dimensions: the scan's four running sums and the one left over are both read.
  const wide = tableOf(
    Object.fromEntries(
      Array.from({ length: REMEMBERED_TERMS + 50 }, (_, k) => [
        `t${String(k).padStart(5, '0')}`,
        Array.from({ length: 9 }, (_, d) => Math.sin((k + 1) * (d + 3)) + 0.1),
      ]),
    ),
  );
  const vectorOf = (term: string) => {
    const row = wide.terms.indexOf(term);
    return wide.vectors.subarray(row * 9, (row + 1) * 9);
  };

  it('gives each neighbour its cosine, read over every dimension', () => {
    const channel = semanticChannel(wide, wide.terms.slice(0, 200));
    for (const { term, similarity } of channel.neighbours('t00003', { count: 5, minSimilarity: -1 })) {
      expect(similarity).toBeCloseTo(cosineOf(vectorOf('t00003'), vectorOf(term)), 5);
    }
  });

  it('answers as a fresh channel does, whatever was asked before: another count, another minimum, more terms than it remembers', () => {
    const corpus = wide.terms.slice(0, 300);
    const used = semanticChannel(wide, corpus);
    const asked = wide.terms.slice(0, REMEMBERED_TERMS + 20);
    for (const term of asked) used.neighbours(term, { count: 3, minSimilarity: 0.2 });
    const fresh = () => semanticChannel(wide, corpus);
    for (const term of [asked[0] as string, asked[10] as string, asked.at(-1) as string]) {
      expect(used.neighbours(term, { count: 3, minSimilarity: 0.2 })).toEqual(
        fresh().neighbours(term, { count: 3, minSimilarity: 0.2 }),
      );
      expect(used.neighbours(term, { count: 1, minSimilarity: 0.2 })).toEqual(
        fresh().neighbours(term, { count: 1, minSimilarity: 0.2 }),
      );
      expect(used.neighbours(term, { count: 3, minSimilarity: 0.9 })).toEqual(
        fresh().neighbours(term, { count: 3, minSimilarity: 0.9 }),
      );
    }
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
