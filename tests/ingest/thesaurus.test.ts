import { describe, expect, it } from 'vitest';
import { compileThesaurus } from '../../src/ingest/thesaurus';
import { termOf } from '../../src/text/tokenize';

describe('compileThesaurus', () => {
  const vocabulary = new Set(['movie', 'child', 'loan'].map(termOf));

  it('maps a word the corpus lacks to the corpus terms of its group, and nothing else', () => {
    const thesaurus = compileThesaurus({
      groups: [
        ['film', 'movie', 'picture'],
        ['kid', 'child'],
        ['sun', 'star'],
      ],
      vocabulary,
    });
    expect(thesaurus).toEqual({
      [termOf('film')]: [termOf('movie')],
      [termOf('picture')]: [termOf('movie')],
      [termOf('kid')]: [termOf('child')],
    });
  });

  it('never makes a corpus term a key: a word the corpus uses is read as written', () => {
    const thesaurus = compileThesaurus({ groups: [['loan', 'movie']], vocabulary });
    expect(thesaurus).toEqual({});
  });
});
