import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/text/edit-distance';

describe('editDistance', () => {
  it('counts an insertion, a deletion, a substitution and a swap of neighbours as one edit each', () => {
    expect(editDistance({ from: 'libary', to: 'library', max: 2 })).toBe(1);
    expect(editDistance({ from: 'library', to: 'libary', max: 2 })).toBe(1);
    expect(editDistance({ from: 'card', to: 'cart', max: 2 })).toBe(1);
    expect(editDistance({ from: 'dose', to: 'does', max: 2 })).toBe(1);
    expect(editDistance({ from: 'same', to: 'same', max: 2 })).toBe(0);
  });

  it('stops at max + 1 when the words are further apart', () => {
    expect(editDistance({ from: 'renewal', to: 'borrow', max: 2 })).toBe(3);
    expect(editDistance({ from: 'a', to: 'abcdef', max: 1 })).toBe(2);
  });

  it('is symmetric and never more than the longer length', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 6 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const max = 6;
        const there = editDistance({ from: a, to: b, max });
        expect(there).toBe(editDistance({ from: b, to: a, max }));
        expect(there).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(there === 0).toBe(a === b);
      }),
    );
  });
});
