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

  it('returns a plain empty list for a limit of 0, with nothing written beside it', () => {
    const hits = indexOf([['cat'], ['cat', 'dog']], model).search(['cat'], 0);
    expect(hits).toEqual([]);
    expect(Object.keys(hits)).toEqual([]);
  });
});
