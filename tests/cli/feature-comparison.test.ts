// Comparing gate models on the development questions: the measures npm run fit:gate reports.
import { describe, expect, it } from 'vitest';
import {
  answerableAtFalsePasses,
  aucOf,
  type FeatureRow,
  falsePassesAtAnswerable,
  fitColumns,
  keepingShare,
  leaveOneSetOut,
  passing,
  ruleThreshold,
  type ScoredRow,
} from '../../scripts/measure/feature-comparison';

const scored = (answerable: boolean, score: number, retrieved = answerable): ScoredRow => ({
  set: 'a',
  answerable,
  retrieved,
  score,
});
// Answerable 0.9, 0.6 (retrieved) and 0.2 (labelled passage not retrieved); unanswerable 0.7, 0.3, 0.1.
const rows = [
  scored(true, 0.9),
  scored(true, 0.6),
  scored(true, 0.2, false),
  scored(false, 0.7),
  scored(false, 0.3),
  scored(false, 0.1),
];

describe('judging one model', () => {
  it('sets the threshold at the lowest retrieved answerable score, rounded down', () => {
    expect(ruleThreshold([scored(true, 0.6789), scored(true, 0.1, false), scored(false, 0.05)])).toBe(0.678);
    expect(() => ruleThreshold([scored(false, 0.5)])).toThrow(/no answerable question/);
  });

  it('counts who passes at a threshold', () => {
    expect(passing({ rows, threshold: 0.6 })).toEqual({ answerable: 2, unanswerable: 1 });
  });

  it('compares at equal false passes and at equal coverage', () => {
    expect(answerableAtFalsePasses({ rows, falsePasses: 0 })).toBe(1);
    expect(answerableAtFalsePasses({ rows, falsePasses: 1 })).toBe(2);
    expect(falsePassesAtAnswerable({ rows, answerable: 2 })).toBe(1);
    expect(falsePassesAtAnswerable({ rows, answerable: 3 })).toBe(2);
    expect(falsePassesAtAnswerable({ rows, answerable: 4 })).toBeUndefined();
  });

  it('finds the highest score that keeps a share of the scores at or above it', () => {
    const scores = [0.9, 0.1, 0.5, 0.7];
    // 95% of four is four: every score must pass, so the lowest.
    expect(keepingShare(scores, 0.95)).toBe(0.1);
    expect(keepingShare(scores, 0.5)).toBe(0.7);
    expect(keepingShare(scores, 0.75)).toBe(0.5);
    expect(keepingShare([], 0.95)).toBe(1);
  });

  it('gives the ROC AUC of answerable above unanswerable', () => {
    expect(aucOf(rows)).toBeCloseTo(6 / 9);
  });
});

describe('fitting on some features and sets', () => {
  // In set "x" feature `good` separates the labels; in set "y" it does too, `noise` never does.
  const row = (set: string, answerable: boolean, good: number, noise: number): FeatureRow => ({
    set,
    answerable,
    retrieved: answerable,
    values: { good, noise },
  });
  const featureRows = [
    row('x', true, 0.9, 0.1),
    row('x', true, 0.8, 0.9),
    row('x', false, 0.2, 0.2),
    row('x', false, 0.1, 0.8),
    row('y', true, 0.7, 0.5),
    row('y', false, 0.3, 0.4),
    row('y', false, 0.25, 0.6),
  ];

  it('scores by the columns asked for only', () => {
    const model = fitColumns({ train: featureRows, columns: ['good'] });
    expect(model.weights).toHaveLength(1);
    expect(model.weights[0]).toBeGreaterThan(0);
    expect(model.score(featureRows[0] as FeatureRow)).toBeGreaterThan(
      model.score(featureRows[2] as FeatureRow),
    );
  });

  it('judges each set under a model fitted on the others', () => {
    const aucs = leaveOneSetOut({ rows: featureRows, columns: ['good'] });
    expect([...aucs.keys()]).toEqual(['x', 'y']);
    expect(aucs.get('x')).toBe(1);
    expect(aucs.get('y')).toBe(1);
    // A feature unrelated to the labels carries nothing to the set left out.
    expect(leaveOneSetOut({ rows: featureRows, columns: ['noise'] }).get('x')).toBeLessThan(1);
  });
});
