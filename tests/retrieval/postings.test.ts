import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodePostings,
  encodePostings,
  PostingsFormatError,
  riceParameter,
} from '../../src/compiled-index/postings-codec';
import { buildPostings, corpusStats } from '../../src/retrieval/postings';

const shapeOf = (postings: ReturnType<typeof buildPostings>['postings'], passageCount: number) => ({
  termCount: postings.starts.length - 1,
  postingCount: postings.docs.length,
  passageCount,
});

describe('postings', () => {
  it('lists each term once per passage with its frequency, passages ascending, terms sorted', () => {
    const { terms, postings } = buildPostings([['cat', 'dog', 'cat'], ['dog'], ['ant', 'cat']]);
    expect(terms).toEqual(['ant', 'cat', 'dog']);
    expect([...postings.starts]).toEqual([0, 1, 3, 5]);
    expect([...postings.docs]).toEqual([2, 0, 2, 0, 1]);
    expect([...postings.tfs]).toEqual([1, 2, 1, 1, 1]);
  });

  it('derives passage lengths and their average', () => {
    const { postings } = buildPostings([['cat', 'dog', 'cat'], ['dog'], []]);
    const stats = corpusStats(postings, 3);
    expect([...stats.lengths]).toEqual([3, 1, 0]);
    expect(stats.averageLength).toBeCloseTo(4 / 3, 12);
  });

  it('decodes exactly what it encodes, on random corpora', () => {
    const term = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g');
    fc.assert(
      fc.property(fc.array(fc.array(term, { maxLength: 300 }), { maxLength: 300 }), (termLists) => {
        const { postings } = buildPostings(termLists);
        expect(
          decodePostings(encodePostings(postings, termLists.length), shapeOf(postings, termLists.length)),
        ).toEqual(postings);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps passage numbers and frequencies past one byte and past two', () => {
    const termLists: string[][] = Array.from({ length: 20_000 }, () => []);
    termLists[19_999] = Array(70_000).fill('x');
    termLists[200] = ['x'];
    const { postings } = buildPostings(termLists);
    expect([...postings.docs]).toEqual([200, 19_999]);
    expect([...postings.tfs]).toEqual([1, 65_535]);
    expect(decodePostings(encodePostings(postings, 20_000), shapeOf(postings, 20_000))).toEqual(postings);
  });

  it('picks the Rice parameter from the mean gap, passages / df', () => {
    expect(riceParameter(1, 100_000)).toBe(16); // 2^16 ≤ 0.69 × 100,000 < 2^17
    expect(riceParameter(1_000, 100_000)).toBe(6); // mean gap 100
    expect(riceParameter(50_000, 100_000)).toBe(0);
    expect(riceParameter(1, 1)).toBe(0);
  });

  it('spends a few bits a posting, far below a byte, on a common term', () => {
    const termLists = Array.from({ length: 8_000 }, (_, doc) => (doc % 2 === 0 ? ['even'] : ['odd']));
    const bytes = encodePostings(buildPostings(termLists).postings, 8_000);
    // 2 dfs of 2 bytes, 8,000 one-byte tfs, then 8,000 gaps of 2 (k = 0: "10", 2 bits) = 2,000 bytes.
    expect(bytes.length).toBe(4 + 8_000 + 2_000);
  });

  it('refuses counts the bytes cannot hold before allocating for them', () => {
    const shape = { termCount: 1, postingCount: 4e9, passageCount: 10 };
    expect(() => decodePostings(new Uint8Array([1, 1, 0]), shape)).toThrow(/cannot fit in 3 bytes/);
  });

  it('rejects a gap longer than the passages, before it can wrap around 32 bits', () => {
    // One term in 1 of 2 passages (k = 0): the gap "1110" is 3, past both passages.
    const shape = { termCount: 1, postingCount: 1, passageCount: 2 };
    expect(() => decodePostings(new Uint8Array([1, 1, 0b1110_0000]), shape)).toThrow(
      /gap past the last passage/,
    );
    // A unary run of 40,000 ones: the quotient alone, shifted, would not fit in an int32.
    const long = new Uint8Array(2 + 5_001).fill(0xff);
    long[0] = 1;
    long[1] = 1;
    long[long.length - 1] = 0;
    expect(() => decodePostings(long, shape)).toThrow(PostingsFormatError);
  });

  describe('rejects bytes that do not fit', () => {
    // Two passages, "cat" in both: df [2]; tfs [1, 1]; gaps with k = 0: "0", "0", then zero padding.
    const shape = { termCount: 1, postingCount: 2, passageCount: 2 };
    const good = [2, 1, 1, 0x00];
    it('reads the well-formed bytes it is given', () => {
      expect([...encodePostings(buildPostings([['cat'], ['cat']]).postings, 2)]).toEqual(good);
      expect([...decodePostings(new Uint8Array(good), shape).docs]).toEqual([0, 1]);
    });

    it.each([
      ['cut short', [2, 1, 1], {}, /end inside the passages of term 0/],
      ['with a byte left over', [...good, 0], {}, /1 bytes after the postings/],
      ['with padding that is not zero', [2, 1, 1, 0x01], {}, /padding that is not zero/],
      ['a term in no passage', [0, 1, 1, 0], {}, /occurs in no passage/],
      ['more postings than announced', good, { postingCount: 1 }, /more than the 1 postings/],
      ['fewer postings than announced', good, { postingCount: 3 }, /2 postings where 3/],
      ['a passage out of range', good, { passageCount: 1 }, /names passage 1 of 1/],
      ['a frequency of 0', [2, 0, 1, 0], {}, /frequency 0 is out of range/],
      ['cut inside the frequencies', [2, 1], {}, /end inside a term frequency/],
      ['a varint past 32 bits', [0xff, 0xff, 0xff, 0xff, 0x7f], {}, /larger than 32 bits/],
    ])('%s', (_name, edited, changes, message) => {
      const decode = () => decodePostings(new Uint8Array(edited), { ...shape, ...changes });
      expect(decode).toThrow(PostingsFormatError);
      expect(decode).toThrow(message);
    });
  });
});
