import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SparseVector } from '../../../src/retrieval/embedder';
import { embedderFor } from '../../../src/retrieval/model';
import { createRetriever, passageText } from '../../../src/retrieval/retrieve';
import { fitTfidf, TfidfEmbedder } from '../../../src/retrieval/tfidf';
import type { Passage } from '../../../src/types';

const passage = (id: string, text: string): Passage => ({ id, file: 'f.md', line: 1, trail: ['T'], text });

function build(texts: string[]) {
  const passages = texts.map((text, i) => passage(`f#p${i}`, text));
  const model = fitTfidf(passages.map(passageText));
  const embedder = new TfidfEmbedder(model);
  const vectors = passages.map((p) => embedder.embed(passageText(p)));
  return { passages, model, embedder, vectors, retriever: createRetriever({ embedder, passages, vectors }) };
}

/**
 * The plain reference, written apart from the code under test: score every passage with a dense dot
 * product, keep those above 0, sort by score then position.
 */
function flatScan(vectors: SparseVector[], query: SparseVector, limit: number) {
  const queryWeights = new Map(query.ids.map((id, i) => [id, query.values[i] as number]));
  return vectors
    .map((vector, doc) => ({
      doc,
      score: vector.ids.reduce(
        (sum, id, i) => sum + (queryWeights.get(id) ?? 0) * (vector.values[i] as number),
        0,
      ),
    }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.doc - b.doc)
    .slice(0, limit);
}

const norm = (vector: SparseVector) =>
  Math.sqrt(vector.values.reduce((sum, value) => sum + value * value, 0));

describe('TfidfEmbedder', () => {
  const { embedder, model } = build(['cats sleep all day', 'dogs need walks', 'cats and dogs']);

  it('gives unit-length vectors with ascending term ids', () => {
    const vector = embedder.embed('cats need sleep');
    expect(norm(vector)).toBeCloseTo(1, 12);
    expect([...vector.ids].sort((a, b) => a - b)).toEqual(vector.ids);
  });

  it('gives the zero vector to text with no terms', () => {
    expect(embedder.embed('the of and')).toEqual({ ids: [], values: [] });
  });

  it('counts words the corpus never uses in the length of the question', () => {
    const known = embedder.embed('cats');
    const diluted = embedder.embed('cats quantum chromodynamics');
    expect(known.values[0]).toBeCloseTo(1, 12);
    expect(diluted.ids).toEqual(known.ids);
    expect(diluted.values[0]).toBeLessThan(0.5);
  });

  it('weighs rare terms above common ones', () => {
    const cat = model.terms.indexOf('cat');
    const sleep = model.terms.indexOf('sleep');
    expect(model.idf[sleep]).toBeGreaterThan(model.idf[cat] as number);
  });
});

describe('embedderFor', () => {
  it('refuses a model kind it does not know', () => {
    expect(() => embedderFor({ kind: 'bm25' } as never)).toThrow(/unhandled case: "bm25"/);
  });
});

describe('retrieve', () => {
  it('ranks the passage that shares the rare words first, with a score in (0, 1]', () => {
    const { retriever } = build(['cats sleep all day', 'dogs need walks', 'cats and dogs']);
    const [best] = retriever.retrieve('when do cats sleep', 3);
    expect(best?.passage.id).toBe('f#p0');
    expect(best?.score).toBeGreaterThan(0);
    expect(best?.score).toBeLessThanOrEqual(1 + 1e-12);
  });

  it('returns nothing for a question with no term in the corpus', () => {
    const { retriever } = build(['cats sleep all day']);
    expect(retriever.retrieve('capital of France', 5)).toEqual([]);
  });

  it('uses the heading trail as part of the passage', () => {
    const passages = [{ ...passage('f#holds', 'Up to 10 at once.'), trail: ['Borrowing', 'Holds'] }];
    const model = fitTfidf(passages.map(passageText));
    const embedder = new TfidfEmbedder(model);
    const retriever = createRetriever({
      embedder,
      passages,
      vectors: passages.map((p) => embedder.embed(passageText(p))),
    });
    expect(retriever.retrieve('holds', 1)[0]?.passage.id).toBe('f#holds');
  });

  const vocabulary = [
    'cat',
    'dog',
    'sleep',
    'walk',
    'water',
    'day',
    'hour',
    'food',
    'bowl',
    'garden',
    'sun',
    'rain',
  ];
  const text = fc
    .array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 12 })
    .map((w) => w.join(' '));

  it('through the inverted index equals a flat scan over every passage', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 30 }), text, (texts, question) => {
        const { embedder, vectors, retriever } = build(texts);
        const query = embedder.embed(question);
        const expected = flatScan(vectors, query, 10);
        const actual = retriever.retrieve(question, 10);
        expect(actual.map((hit) => hit.passage.id)).toEqual(expected.map((hit) => `f#p${hit.doc}`));
        actual.forEach((hit, i) => {
          expect(Math.abs(hit.score - (expected[i]?.score ?? Number.NaN))).toBeLessThan(1e-9);
        });
      }),
      { numRuns: 200 },
    );
  });
});
