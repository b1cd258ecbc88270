import { describe, expect, it } from 'vitest';
import { lemmaCandidates } from '../../src/text/lemma';

describe('lemmaCandidates', () => {
  it.each([
    ['closes', 'close'],
    ['libraries', 'library'],
    ['stopped', 'stop'],
    ['borrowing', 'borrow'],
    ['kids', 'kid'],
    ['got', 'get'],
    ['children', 'child'],
    ['boxes', 'box'],
  ])('offers %s as an inflection of %s, after the word itself', (word, lemma) => {
    const forms = lemmaCandidates(word);
    expect(forms[0]).toBe(word);
    expect(forms).toContain(lemma);
  });

  it('offers no base a derivation would give, and nothing for a word with no inflection', () => {
    expect(lemmaCandidates('gettable')).not.toContain('get');
    expect(lemmaCandidates('film')).toEqual(['film']);
    // Too little left: "bed" is no inflection of "b", nor "cds" of the Roman numeral "cd".
    expect(lemmaCandidates('bed')).toEqual(['bed']);
    expect(lemmaCandidates('cds')).toEqual(['cds']);
  });
});
