// How a choice among settings of the context is counted held out (npm run measure:context, measure:rerank).
import { describe, expect, it } from 'vitest';
import { addReaches, choicesOf, FOLDS, type Reach, reachedAt } from '../../scripts/measure/held-out-choice';

/** The setting (an index) with the most in context, the first among equals. */
const most = (questions: readonly Reach[]) => {
  const reached = [0, 1].map((at) => reachedAt(questions, at));
  return reached.indexOf(Math.max(...reached));
};

describe('the held-out choice of a setting', () => {
  it('puts a set’s questions in folds by their order, each with its reach at every setting', () => {
    const questions: Reach[] = [];
    addReaches(questions, 'a', [
      [true, false, true],
      [false, false, true],
    ]);
    addReaches(questions, 'b', [[true], [true]]);
    expect(questions.map((q) => [q.set, q.fold, q.inContext])).toEqual([
      ['a', 0, [true, false]],
      ['a', 1, [false, false]],
      ['a', 2, [true, true]],
      ['b', 3, [true, true]],
    ]);
    expect(reachedAt(questions, 1)).toBe(2);
  });

  it('counts each fold at the setting chosen on the others, and each set at the one chosen without it', () => {
    // Set a's questions reach only at setting 1, set b's only at setting 0; b has more of them.
    const questions: Reach[] = [];
    addReaches(questions, 'a', [
      [false, false],
      [true, true],
    ]);
    addReaches(questions, 'b', [
      [true, true, true, true, true, true],
      [false, false, false, false, false, false],
    ]);
    const { inSample, folds, leftOut } = choicesOf({ questions, sets: ['a', 'b'], choose: most });
    expect(inSample).toBe(0);
    expect(folds.chosen).toHaveLength(FOLDS);
    // Every fold holds more of b than of a among the rest: setting 0, which reaches b's questions only.
    expect(folds.chosen).toEqual([0, 0, 0, 0, 0]);
    expect(folds.reached).toBe(6);
    // a left out: chosen on b (setting 0), where a reaches nothing; b left out: chosen on a (setting 1).
    expect(leftOut).toEqual([
      { name: 'a', answerable: 2, reached: 0, chosen: [0] },
      { name: 'b', answerable: 6, reached: 0, chosen: [1] },
    ]);
  });
});
