import { describe, expect, it } from 'vitest';
import { effectAt, guessWarning, LABELS_FOR_A_MEASURE } from '../../src/evaluation/calibration-advice';
import { calibrate } from '../../src/evaluation/eval-set';

const row = (bestScore: number, answerable: boolean) => ({
  question: `q ${bestScore} ${answerable}`,
  bestScore,
  bestPassage: 'a#b',
  beyondGate: false,
  answerable,
});

describe('effectAt', () => {
  it('counts the labelled questions of each kind the gate would let through at a threshold', () => {
    const calibration = calibrate([
      row(0.3, true),
      row(0.2, true),
      row(0.1, true),
      row(0.25, false),
      row(0.05, false),
    ]);
    expect(effectAt(calibration, 0.221)).toBe('1 of 3 answerable answered, 1 of 2 unanswerable answered');
  });

  it('lets through a question scoring exactly the threshold, as the gate does', () => {
    const calibration = calibrate([row(0.2, true), row(0.1, false)]);
    expect(effectAt(calibration, 0.2)).toBe('1 of 1 answerable answered, 0 of 1 unanswerable answered');
  });
});

describe('guessWarning', () => {
  const many = (n: number, answerable: boolean) =>
    Array.from({ length: n }, (_, i) => ({
      ...row(answerable ? 0.5 + i / 100 : 0.1 - i / 1000, answerable),
      question: `${answerable} ${i}`,
    }));

  it('calls a threshold from fewer than 10 labels of either kind a guess, and says how many more', () => {
    const warning = guessWarning(calibrate([...many(LABELS_FOR_A_MEASURE, true), ...many(3, false)]));
    expect(warning).toMatch(/^With 10 answerable and 3 unanswerable labels, this threshold is a guess/);
    expect(warning).toMatch(/label 0 more answerable and 7 more unanswerable questions/);
  });

  it('says nothing when both kinds have enough labels', () => {
    expect(guessWarning(calibrate([...many(10, true), ...many(10, false)]))).toBeUndefined();
  });
});
