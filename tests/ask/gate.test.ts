import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextOf, gate } from '../../src/ask/gate';
import type { Scored } from '../../src/types';

const scored = (...scores: number[]): Scored[] =>
  scores.map((score, i) => ({
    passage: { id: `f#p${i}`, file: 'f.md', line: 1, trail: ['T'], text: '' },
    score,
  }));
const settings = { threshold: 0.2, minMargin: 0, source: 'test' };

describe('gate', () => {
  it('refuses when nothing was retrieved', () => {
    expect(gate([], settings)).toEqual({ pass: false, detail: 'no passage shares a term with the question' });
  });

  it('compares the highest score, wherever retrieval ranked it, and measures the margin from it', () => {
    // The gate's evidence need not follow retrieval's order: a passage ranked second may score highest.
    expect(gate(scored(0.1, 0.3, 0.05), settings)).toEqual({ pass: true });
    expect(gate(scored(0.1, 0.3), { ...settings, minMargin: 0.25 })).toEqual({
      pass: false,
      detail: 'best passage f#p1 leads f#p0 by 0.200, less than the minimum margin 0.250',
    });
  });

  it('refuses a best score below the threshold, naming both numbers', () => {
    const verdict = gate(scored(0.19), settings);
    expect(verdict).toEqual({ pass: false, detail: 'best score 0.190 (f#p0) is below the threshold 0.200' });
  });

  it('passes a best score exactly at the threshold', () => {
    expect(gate(scored(0.2), settings)).toEqual({ pass: true });
  });

  it('ignores the margin when minMargin is 0, its default', () => {
    expect(gate(scored(0.5, 0.5), settings)).toEqual({ pass: true });
  });

  it('with minMargin, refuses a best passage that barely leads the runner-up', () => {
    const verdict = gate(scored(0.5, 0.45), { ...settings, minMargin: 0.1 });
    expect(verdict.pass).toBe(false);
    expect(!verdict.pass && verdict.detail).toMatch(
      /leads f#p1 by 0\.050, less than the minimum margin 0\.100/,
    );
  });

  it('with minMargin, passes a clear lead and a lone passage', () => {
    expect(gate(scored(0.5, 0.3), { ...settings, minMargin: 0.1 })).toEqual({ pass: true });
    expect(gate(scored(0.5), { ...settings, minMargin: 0.1 })).toEqual({ pass: true });
  });

  it('passes a best passage whose lead is exactly the minimum margin', () => {
    // 0.5 - 0.25 is exactly 0.25 in binary floating point: the margin is met, not missed.
    expect(gate(scored(0.5, 0.25), { ...settings, minMargin: 0.25 })).toEqual({ pass: true });
    expect(gate(scored(0.5, 0.2500001), { ...settings, minMargin: 0.25 }).pass).toBe(false);
  });
});

describe('contextOf', () => {
  const ids = (context: Scored[]) => context.map(({ passage }) => passage.id);

  it('gives the passages that pass, in retrieval order, at most contextSize of them', () => {
    expect(ids(contextOf(scored(0.5, 0.1, 0.3, 0.4, 0.6), { gate: settings, contextSize: 2 }))).toEqual([
      'f#p0',
      'f#p2',
    ]);
  });

  it('gives a passage that passes though retrieval ranked it below contextSize (the gate passed on it)', () => {
    // Once the gate passed on the fourth passage while the context, cut at three, was empty: the
    // generator was called with nothing to read.
    expect(ids(contextOf(scored(0.1, 0.15, 0.05, 0.25), { gate: settings, contextSize: 3 }))).toEqual([
      'f#p3',
    ]);
  });

  it('is never empty when the gate passes, and holds nothing below the threshold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 5 }),
        (scores, contextSize) => {
          const retrieved = scored(...scores);
          const context = contextOf(retrieved, { gate: settings, contextSize });
          if (gate(retrieved, settings).pass) expect(context.length).toBeGreaterThan(0);
          expect(context.length).toBeLessThanOrEqual(contextSize);
          for (const { score } of context) expect(score).toBeGreaterThanOrEqual(settings.threshold);
        },
      ),
      { seed: 34 },
    );
  });
});
