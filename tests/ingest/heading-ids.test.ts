import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idClaimer } from '../../src/ingest/heading-ids';

/** GitHub's numbering as it reads: the first free of `id`, `id-1`, `id-2`, …, searched from 1 every time. */
function probingFromOne(requests: { id: string; renumber: boolean }[]): string[] {
  const taken = new Set<string>();
  return requests.map(({ id, renumber }) => {
    let free = id;
    for (let n = 1; renumber && taken.has(free); n++) free = `${id}-${n}`;
    taken.add(free);
    return free;
  });
}

// Ids that collide with each other's numbered forms: `a-1` is a heading of its own and `a`'s second.
const ID = fc.constantFrom('a', 'a-1', 'a-2', 'a-1-1', 'b', 'b-3');

describe('idClaimer', () => {
  it('gives the ids the search from 1 gives, for any order of headings, anchors and parts', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: ID, renumber: fc.boolean() }), { maxLength: 60 }), (requests) => {
        const claim = idClaimer();
        expect(requests.map(({ id, renumber }) => claim(id, renumber))).toEqual(probingFromOne(requests));
      }),
      { numRuns: 2000 },
    );
  });

  it('numbers a repeated heading past an id a heading took as its own (`a`, `a-1`, `a` → `a-2`)', () => {
    const claim = idClaimer();
    expect([claim('a', true), claim('a-1', true), claim('a', true), claim('a', true)]).toEqual([
      'a',
      'a-1',
      'a-2',
      'a-3',
    ]);
  });
});
