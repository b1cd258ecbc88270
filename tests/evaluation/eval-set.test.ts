import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestOf,
  calibrate,
  calibrationLabels,
  closingLine,
  type EvalQuestion,
  EvalSetError,
  judge,
  parseEvalSet,
  rocAuc,
  tally,
} from '../../src/evaluation/eval-set';
import type { AskResult } from '../../src/types';

const base = { question: 'q', passages: [], context: [], threshold: 0.1, promptVersion: 'v' };
const answered = (answer: string, citations: string[]): AskResult => ({
  ...base,
  status: 'answered',
  answer,
  citations,
  quotes: [],
  generator: { kind: 'extractive', name: 'x' },
  raw: '',
});
const refusedResult: AskResult = { ...base, status: 'refused', reason: 'no_relevant_context', detail: 'low' };
const answerable: EvalQuestion = { question: 'q', answerable: true, passage: 'a#b', mustContain: ['7 Days'] };
const unanswerable: EvalQuestion = { question: 'q', answerable: false };

describe('parseEvalSet', () => {
  it('accepts the shipped evaluation set', () => {
    const items = parseEvalSet(JSON.parse(readFileSync('eval/questions.json', 'utf8')));
    expect(items.filter((item) => item.answerable).length).toBeGreaterThanOrEqual(10);
    expect(items.filter((item) => !item.answerable).length).toBeGreaterThanOrEqual(8);
  });

  it.each([
    [[{ question: 'q', answerable: true }], /needs `passage`/],
    [[{ question: 'q', answerable: false, passage: 'a#b' }], /has no `passage`/],
    [[{ question: 'q', answerable: false, extra: 1 }], /extra/],
    [[], /\(root\)/],
    [
      [{ question: 'q', answerable: true, passage: 'a#b', mustContain: [] }],
      /mustContain lists at least one text a correct answer must hold/,
    ],
  ])('rejects a malformed set with the reason (%j)', (json, message) => {
    expect(() => parseEvalSet(json)).toThrow(EvalSetError);
    expect(() => parseEvalSet(json)).toThrow(message);
  });
});

describe('judge', () => {
  it('passes an answer that cites the passage and holds every string, ignoring case', () => {
    expect(
      judge({ item: answerable, result: answered('It is 7 days.', ['a#b']), hasModel: false }).verdict,
    ).toBe('PASS');
  });

  it('fails an answer citing another passage', () => {
    const judgement = judge({ item: answerable, result: answered('7 days', ['a#c']), hasModel: false });
    expect(judgement).toEqual({ verdict: 'FAIL', why: 'answered citing a#c, not a#b' });
  });

  it('fails an answer missing a required string', () => {
    const judgement = judge({ item: answerable, result: answered('a week', ['a#b']), hasModel: false });
    expect(judgement.verdict).toBe('FAIL');
    expect(judgement.why).toContain('lacks "7 Days"');
  });

  it('fails a refusal of an answerable question, with the reason', () => {
    expect(judge({ item: answerable, result: refusedResult, hasModel: false }).why).toBe(
      'refused: no_relevant_context (low)',
    );
  });

  it('passes any refusal of an unanswerable question and fails an answer to it', () => {
    expect(judge({ item: unanswerable, result: refusedResult, hasModel: false }).verdict).toBe('PASS');
    expect(judge({ item: unanswerable, result: answered('x', ['a#b']), hasModel: false }).verdict).toBe(
      'FAIL',
    );
  });

  it('fails an unanswerable question the model could not be asked about: nothing was decided', () => {
    const unavailable: AskResult = { ...refusedResult, reason: 'model_unavailable', detail: 'key rejected' };
    const judgement = judge({ item: unanswerable, result: unavailable, hasModel: true });
    expect(judgement.verdict).toBe('FAIL');
    expect(judgement.why).toMatch(/never decided/);
  });

  it('skips a question that needs a model when there is none, whatever the result', () => {
    const item = { ...unanswerable, requiresModel: true };
    expect(judge({ item, result: refusedResult, hasModel: false }).verdict).toBe('SKIP');
    expect(judge({ item, result: refusedResult, hasModel: true }).verdict).toBe('PASS');
  });
});

describe('tally and closingLine', () => {
  it('counts each verdict and prints the line test runners read', () => {
    const counts = tally([
      { verdict: 'PASS', why: '' },
      { verdict: 'PASS', why: '' },
      { verdict: 'FAIL', why: '' },
      { verdict: 'SKIP', why: '' },
    ]);
    expect(closingLine(counts)).toBe('2 passed, 1 failed, 1 skipped');
  });
});

describe('calibrate', () => {
  const row = (question: string, bestScore: number, answerable: boolean, beyondGate = false) => ({
    question,
    bestScore,
    bestPassage: 'a#b',
    answerable,
    beyondGate,
  });

  it('puts the threshold at the midpoint of the gap, ignoring questions marked as needing a model', () => {
    const result = calibrate([
      row('a1', 0.6, true),
      row('a2', 0.2, true),
      row('u1', 0.1, false),
      row('u2', 0.0, false),
      row('m', 0.5, false, true),
    ]);
    expect(result.answerable.map((r) => r.question)).toEqual(['a2', 'a1']);
    expect(result.unanswerable.map((r) => r.question)).toEqual(['u1', 'u2']);
    expect(result.excluded.map((r) => r.question)).toEqual(['m']);
    // 'm' outscores the answerable 'a2': counted in, the groups would overlap, and the output says so.
    expect(result.excludedOverlapping.map((r) => r.question)).toEqual(['m']);
    expect(result.gap).toBeCloseTo(0.1, 12);
    expect(result.midpoint).toBeCloseTo(0.15, 12);
    expect(result.overlapping).toEqual([]);
  });

  it('does not call an excluded question overlapping when it scores below every answerable one', () => {
    const result = calibrate([row('a', 0.6, true), row('u', 0.1, false), row('m', 0.3, false, true)]);
    expect(result.excludedOverlapping).toEqual([]);
  });

  it('says when the groups overlap and which questions cause it', () => {
    const result = calibrate([
      row('a1', 0.6, true),
      row('a2', 0.2, true),
      row('u1', 0.3, false),
      row('u2', 0.1, false),
    ]);
    expect(result.midpoint).toBeUndefined();
    expect(result.gap).toBeCloseTo(-0.1, 12);
    expect(result.overlapping.map((r) => r.question)).toEqual(['a2', 'u1']);
  });

  it('cannot calibrate without both groups', () => {
    expect(calibrate([row('a1', 0.6, true)])).toMatchObject({ gap: undefined, midpoint: undefined });
  });

  it('leaves out of the gap a question marked requiresModel or passesGate', () => {
    const item = { question: 'q', answerable: false };
    expect(calibrationLabels(item).beyondGate).toBe(false);
    expect(calibrationLabels({ ...item, requiresModel: true }).beyondGate).toBe(true);
    expect(calibrationLabels({ ...item, passesGate: true }).beyondGate).toBe(true);
  });

  it('bestOf reads the first passage, or 0 when nothing was retrieved', () => {
    expect(bestOf([])).toEqual({ bestScore: 0, bestPassage: undefined });
  });
});

describe('rocAuc', () => {
  it('is 1 when every positive outscores every negative, and 0 the other way round', () => {
    expect(rocAuc([0.9, 0.8], [0.1, 0.2, 0.3])).toBe(1);
    expect(rocAuc([0.1], [0.5, 0.6])).toBe(0);
  });

  it('counts a tie as half', () => {
    expect(rocAuc([0.5], [0.5])).toBe(0.5);
    expect(rocAuc([0.5, 0.9], [0.5, 0.1])).toBe((1 + 1 + 0.5 + 1) / 4);
  });

  it('is undefined when a group is empty', () => {
    expect(rocAuc([], [0.1])).toBeUndefined();
    expect(rocAuc([0.1], [])).toBeUndefined();
  });

  it('equals the share of positive–negative pairs in the right order, on random scores', () => {
    const score = fc.integer({ min: 0, max: 20 }).map((n) => n / 20);
    fc.assert(
      fc.property(
        fc.array(score, { minLength: 1, maxLength: 30 }),
        fc.array(score, { minLength: 1, maxLength: 30 }),
        (pos, neg) => {
          let pairs = 0;
          for (const p of pos) for (const n of neg) pairs += p > n ? 1 : p === n ? 0.5 : 0;
          expect(rocAuc(pos, neg)).toBeCloseTo(pairs / (pos.length * neg.length), 12);
        },
      ),
    );
  });
});

describe('calibrate when the groups overlap', () => {
  const row = (bestScore: number, answerable: boolean) => ({
    question: `q${bestScore}`,
    answerable,
    beyondGate: false,
    bestScore,
    bestPassage: undefined,
  });

  it('proposes the lowest threshold that lets no unanswerable question through, and the midpoint of the edges', () => {
    const result = calibrate([
      row(0.2, true),
      row(0.5, true),
      row(0.9, true),
      row(0.1, false),
      row(0.6, false),
    ]);
    expect(result.midpoint).toBeUndefined();
    expect(result.proposals).toEqual({
      noFalsePass: { threshold: 0.601, answerablePassing: 1, unanswerablePassing: 0 },
      midpoint: { threshold: 0.4, answerablePassing: 2, unanswerablePassing: 1 },
    });
  });

  it('proposes nothing when a gap separates the groups: the midpoint is the answer', () => {
    const result = calibrate([row(0.5, true), row(0.1, false)]);
    expect(result.proposals).toBeUndefined();
    expect(result.midpoint).toBeCloseTo(0.3);
  });
});
