import { describe, expect, it } from 'vitest';
import { describeReading } from '../../src/ask/reading-words';

describe('how a question was read, in plain words', () => {
  it('says nothing of a question read as typed', () => {
    expect(describeReading(undefined)).toEqual([]);
    expect(describeReading({ readAs: [], expanded: [], names: [] })).toEqual([]);
  });

  it('says one sentence per slip, thesaurus word and name, in that order', () => {
    expect(
      describeReading({
        readAs: [{ written: 'libary', readAs: 'library' }],
        expanded: [{ written: 'film', terms: ['movie', 'DVD'] }],
        names: ['russia'],
      }),
    ).toEqual([
      'Read “libary” as “library”.',
      'Read “film” as “movie” or “DVD”.',
      'Read “russia” as the name “Russia”, which the documents never use.',
    ]);
  });

  it('says a name typed with its capital is one the documents never use, not that it was read otherwise', () => {
    expect(describeReading({ readAs: [], expanded: [], names: ['Germany'] })).toEqual([
      '“Germany” is a name the documents never use.',
    ]);
  });
});
