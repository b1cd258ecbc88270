import { describe, expect, it } from 'vitest';
import { gate } from '../../src/ask/gate';
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
