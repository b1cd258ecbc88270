import { describe, expect, it } from 'vitest';
import { compileThesaurus } from '../../src/ingest/thesaurus';
import { termOf } from '../../src/text/tokenize';

describe('compileThesaurus', () => {
  const vocabulary = new Set(['movie', 'child', 'loan', 'address'].map(termOf));

  it('maps a word the corpus lacks, as the dictionary writes it, to the corpus terms of its group', () => {
    const thesaurus = compileThesaurus({
      groups: [
        ['film', 'movie', 'picture'],
        ['Kid', 'child'],
        ['sun', 'star'],
      ],
      vocabulary,
    });
    expect(thesaurus).toEqual({
      film: [termOf('movie')],
      picture: [termOf('movie')],
      kid: [termOf('child')],
    });
  });

  it('never makes a word whose term the corpus uses a key: such a word is read as written', () => {
    const thesaurus = compileThesaurus({
      groups: [
        ['loan', 'movie'],
        ['loans', 'movies'],
      ],
      vocabulary,
    });
    expect(thesaurus).toEqual({});
  });

  it('keys a derived word as itself, so that its group never stands for its base', () => {
    // "gettable" stems to "get": keyed by terms, every "get" asked stood for "address".
    const thesaurus = compileThesaurus({ groups: [['gettable', 'addressable', 'obtainable']], vocabulary });
    expect(Object.keys(thesaurus).sort()).toEqual(['gettable', 'obtainable']);
    expect(thesaurus).not.toHaveProperty('get');
  });
});
