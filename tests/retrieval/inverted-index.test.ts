import { describe, expect, it } from 'vitest';
import { InvertedIndex } from '../../src/retrieval/inverted-index';
import { BM25, TFIDF } from '../../src/retrieval/model';
import { buildPostings } from '../../src/retrieval/postings';
import { flatScan } from '../helpers/flat-scan';

function indexOf(termLists: string[][], model = TFIDF) {
  const { terms, postings } = buildPostings(termLists);
  return new InvertedIndex({ model, terms, postings, passageCount: termLists.length });
}

describe.each([
  ['tfidf', TFIDF],
  ['bm25', BM25],
])('InvertedIndex with %s', (_name, model) => {
  // Frequencies below 256 are read from a table of 1 + ln tf; the rest are computed.
  it('scores a term repeated 256 times or more in one passage as the flat scan does', () => {
    const termLists = [
      Array<string>(255).fill('cat'),
      Array<string>(256).fill('cat'),
      [...Array<string>(300).fill('cat'), 'dog'],
      ['dog'],
    ];
    const hits = indexOf(termLists, model).search(['cat'], 4);
    const expected = flatScan(model, termLists, ['cat'], 4);
    expect(hits.map((hit) => hit.doc)).toEqual(expected.map((hit) => hit.doc));
    hits.forEach((hit, i) => {
      expect(Math.abs(hit.score - (expected[i]?.score ?? Number.NaN))).toBeLessThan(1e-9);
    });
  });

  it('puts the earlier passage first on a tie, whichever the question reached first', () => {
    // "dog" is walked first, so passage 1 is touched before passage 0; both score the same.
    const hits = indexOf([['cat'], ['dog']], model).search(['dog', 'cat'], 2);
    expect(hits[0]?.score).toBe(hits[1]?.score);
    expect(hits.map((hit) => hit.doc)).toEqual([0, 1]);
  });

  it('rates a term the corpus never uses rarer than any it uses, and a rare term above a common one', () => {
    const index = indexOf([['cat', 'dog'], ['cat'], ['cat', 'eel']], model);
    const unseen = index.idf(undefined);
    const rare = index.idf(index.termId('dog'));
    const common = index.idf(index.termId('cat'));
    expect(Number.isFinite(unseen)).toBe(true);
    expect(unseen).toBeGreaterThan(rare);
    expect(rare).toBeGreaterThan(common);
    expect(common).toBeGreaterThan(0);
  });

  it("tells whether a passage holds a term, wherever the passage stands in the term's list", () => {
    const holders = new Set([0, 2, 3, 5, 6]);
    const termLists = Array.from({ length: 8 }, (_, doc) => (holders.has(doc) ? ['cat'] : ['dog']));
    const index = indexOf(termLists, model);
    const cat = index.termId('cat') as number;
    expect(termLists.map((_, doc) => index.holds(cat, doc))).toEqual(
      termLists.map((_, doc) => holders.has(doc)),
    );
  });

  it('lists the corpus terms that begin with a prefix, the prefix itself included, with their passage counts', () => {
    const index = indexOf([['cat', 'cab'], ['cat', 'dog'], ['cattle'], ['car', 'cat']], model);
    expect([...index.termsStartingWith('cat')]).toEqual([
      { term: 'cat', passageCount: 3 },
      { term: 'cattle', passageCount: 1 },
    ]);
    expect([...index.termsStartingWith('d')]).toEqual([{ term: 'dog', passageCount: 1 }]);
    expect([...index.termsStartingWith('e')]).toEqual([]);
  });

  it('weighs a term by the factor it is given: a term at half weight scores below a whole one', () => {
    const hits = indexOf([['cat'], ['kitten']], model).search(
      ['cat', 'kitten'],
      2,
      new Map([['kitten', 0.5]]),
    );
    expect(hits.map((hit) => hit.doc)).toEqual([0, 1]);
    expect(hits[1]?.score).toBeLessThan(hits[0]?.score ?? 0);
    expect(hits[1]?.score).toBeGreaterThan(0);
  });

  it('finds nothing for a question whose every term weighs 0, rather than passages scored NaN', () => {
    const index = indexOf([['cat'], ['cat', 'dog']], model);
    expect(index.search(['cat'], 2, new Map([['cat', 0]]))).toEqual([]);
  });

  it('returns a plain empty list for a limit of 0, with nothing written beside it', () => {
    const hits = indexOf([['cat'], ['cat', 'dog']], model).search(['cat'], 0);
    expect(hits).toEqual([]);
    expect(Object.keys(hits)).toEqual([]);
  });
});
