// Questions written to probe the engine after a change (eval/probes.json) measure it only while nothing
// is fitted on them: no fitting script may read them, and the suite must still run them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SETS, sets } from '../../scripts/lib/benchmark-sets';
import { DEFAULT_QUESTIONS } from '../../scripts/measure/reader-fitting';
import { parseEvalSet } from '../../src/evaluation/eval-set';

const PROBES = 'eval/probes.json';

describe('the frozen probe set', () => {
  it('is a valid evaluation set with questions of both kinds', () => {
    const items = parseEvalSet(JSON.parse(readFileSync(PROBES, 'utf8')));
    expect(items.some((item) => item.answerable)).toBe(true);
    expect(items.some((item) => !item.answerable)).toBe(true);
  });

  it('is fitted on by no script', () => {
    expect(DEFAULT_QUESTIONS).not.toContain(PROBES);
    expect(DEVELOPMENT_SETS).not.toContain('probes');
    for (const script of ['fit-reader', 'fit-semantic', 'fit-gate', 'measure-encoder']) {
      const source = readFileSync(`scripts/${script}.ts`, 'utf8');
      expect(source).not.toContain('probes.json');
      expect(source).not.toContain("'probes'");
    }
  });

  it('is run by npm run eval:suite, on the manual', () => {
    const prepared = sets().get('probes')?.();
    expect(prepared?.ok).toBe(true);
    if (prepared?.ok) expect(prepared.set.source).toContain(PROBES);
  });
});
