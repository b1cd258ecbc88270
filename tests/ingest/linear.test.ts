import { describe, expect, it } from 'vitest';
import { SHAPES } from '../../scripts/bench/ingest-shapes';
import { chunkCorpus } from '../../src/ingest/chunk';

// Reading Markdown grows with its input, not with its square (issue 35): the input doubled, the time at
// most about doubles. A ratio, not a time: it holds on a slow machine as on a fast one. The two sizes are
// timed in turns, several times, and the fastest of each kept, so that a pause of the machine or a
// collection of garbage counts for neither. The figures at 2 MB come from `npm run bench:ingest`.
const RUNS = 7;
// Twice the time for twice the input, with room for the machine; a quadratic reading gives 4.
const MAX_RATIO = 3.5;

function milliseconds(markdown: string): number {
  const started = performance.now();
  chunkCorpus([{ path: 'shape.md', text: markdown }]);
  return performance.now() - started;
}

describe('reading Markdown, the input doubled', () => {
  it.each([
    ['the same heading repeated (and each given the next free id)', 'headings', 100_000],
    ['an intraword run a_a_a_…', 'a_', 400_000],
    ['an intraword run a*a*a*…', 'a*', 400_000],
    ['an intraword run a!a!a!…', 'a!', 400_000],
  ])(
    '%s: less than 3 times the time',
    (_name, shape, size) => {
      const make = SHAPES[shape] as (size: number) => string;
      const single = make(size);
      const double = make(2 * size);
      let fastestSingle = Number.POSITIVE_INFINITY;
      let fastestDouble = Number.POSITIVE_INFINITY;
      for (let run = 0; run < RUNS; run++) {
        fastestSingle = Math.min(fastestSingle, milliseconds(single));
        fastestDouble = Math.min(fastestDouble, milliseconds(double));
      }
      expect(fastestDouble / fastestSingle).toBeLessThan(MAX_RATIO);
    },
    120_000,
  );
});
