// The rule the reader's threshold is chosen by, in npm run fit:reader and npm run measure:encoder: the
// lowest threshold at which each set keeps to its limit of false answers.
import { describe, expect, it } from 'vitest';
import {
  type BestRow,
  crossValidated,
  DIRECTION,
  type Example,
  falseShareAtMost,
  fitDirected,
  fitReader,
  lowestWithin,
  type Outcome,
  outcomeAt,
  type Question,
  readerLimits,
  shortestBetween,
  tradeOffTable,
  unanswerableShareAtMost,
} from '../../scripts/measure/reader-fitting';
import { readQuestionText } from '../../src/reader/question/question';
import { FEATURE_NAMES, type FeatureName } from '../../src/reader/read';

const question = (set: string, answerable: boolean): Question => ({
  set,
  question: readQuestionText('q'),
  text: 'q',
  standIns: new Map(),
  answerable,
  answeredBy: () => answerable,
  passages: [],
});
const row = (set: string, answerable: boolean, confidence: number, right = answerable): BestRow => ({
  question: question(set, answerable),
  confidence,
  right,
});

// Set a: answerable questions answered right at 0.9 and 0.6, one answered wrongly at 0.5; an unanswerable
// one at 0.7. Set b: one answerable at 0.8.
const rows = [
  row('a', true, 0.9),
  row('a', true, 0.6),
  row('a', true, 0.5, false),
  row('a', false, 0.7),
  row('b', true, 0.8),
];

describe('the reader threshold rule', () => {
  it('counts right, wrong and false answers at a threshold', () => {
    const a = rows.filter((best) => best.question.set === 'a');
    expect(outcomeAt(a, 0.55)).toEqual({
      answerable: 3,
      unanswerable: 1,
      right: 2,
      wrong: 0,
      falseAnswers: 1,
    });
    expect(outcomeAt(a, 0)).toMatchObject({ right: 2, wrong: 1, falseAnswers: 1 });
  });
});

describe('the threshold held to a share of false answers', () => {
  it('stops above the first confidence that would give a set more false answers than the share', () => {
    // No false answer allowed: 0.7 would answer set a's unanswerable question.
    expect(lowestWithin(rows, falseShareAtMost(0))).toBeCloseTo(0.75);
    // One in four allowed: 0.7 and 0.6 keep set a at one false answer of four; 0.5 adds a wrong one.
    expect(lowestWithin(rows, falseShareAtMost(1 / 4))).toBeCloseTo(0.55);
  });

  it('holds every set to the share, however well the others do', () => {
    // With 20 more right answers in b, set a's false answer at 0.7 is 1 in 25 of all questions, within a
    // tenth, but 1 in 4 of a's own: the threshold still stops above it.
    const lopsided = [...rows, ...Array.from({ length: 20 }, () => row('b', true, 0.65))];
    expect(lowestWithin(lopsided, falseShareAtMost(1 / 10))).toBeCloseTo(0.75);
  });

  it("counts SQuAD's limit on its unanswerable questions only, wrong answers aside", () => {
    // Set a at 0.5: its one unanswerable question answered (a share of 1), and one answerable wrongly.
    const a = rows.filter((best) => best.question.set === 'a');
    expect(unanswerableShareAtMost(1)('a', outcomeAt(a, 0.5))).toBe(true);
    expect(unanswerableShareAtMost(0.99)('a', outcomeAt(a, 0.5))).toBe(false);
    // At 0.75 set a answers no unanswerable question.
    expect(unanswerableShareAtMost(0)('a', outcomeAt(a, 0.75))).toBe(true);
  });

  it('places the threshold at a short decimal strictly between the level it admits and the next below', () => {
    expect(shortestBetween(0.7, 0.8)).toBe(0.75);
    expect(shortestBetween(0.4012, 0.4018)).toBe(0.4015);
    expect(shortestBetween(0.40121, 0.40129)).toBe(0.40125);
    // Levels closer than any rounding: the threshold still falls between them.
    const [below, level] = [0.123456789, 0.1234567891];
    expect(shortestBetween(below, level)).toBeGreaterThan(below);
    expect(shortestBetween(below, level)).toBeLessThan(level);
  });

  it('answers down to the lowest confidence when no set ever breaks the share', () => {
    // Between 0 and the lowest confidence, 0.5: the shortest decimal near halfway.
    expect(lowestWithin(rows, falseShareAtMost(1))).toBe(0.3);
  });

  it('answers nothing when even the most confident answer is false', () => {
    expect(lowestWithin([row('a', false, 0.9), row('a', true, 0.8)], falseShareAtMost(0))).toBe(1);
  });

  it('holds each set to its own limit', () => {
    // Set b also answers an unanswerable question at 0.6: one false answer of its two questions.
    const both = [...rows, row('b', false, 0.6)];
    const limits = (forB: number) => (set: string, outcome: Outcome) =>
      falseShareAtMost(set === 'a' ? 1 / 4 : forB)(set, outcome);
    // b allowed none: it stops the threshold above 0.6, where a alone would have gone on to 0.55.
    expect(lowestWithin(both, limits(0))).toBeCloseTo(0.65);
    expect(lowestWithin(both, limits(1 / 2))).toBeCloseTo(0.55);
  });

  it('never admits a question no unit may answer (confidence 0)', () => {
    expect(lowestWithin([row('a', true, 0.8), row('a', true, 0, false)], falseShareAtMost(1))).toBeCloseTo(
      0.4,
    );
  });
});

describe("the fit report's trade-off table", () => {
  // Set a as above, plus a question no unit may answer (confidence 0: ruled out, or sharing no word).
  const withUnanswered = [...rows, row('a', true, 0, false)];
  const table = tradeOffTable(withUnanswered, [0.65], 0.75).split('\n');

  it('heads a column per set with its answerable and unanswerable counts', () => {
    expect(table[0]).toBe(
      '| threshold | a (4 answerable, 1 unanswerable) | b (1 answerable, 0 unanswerable) |',
    );
  });

  it('orders the steps, marks the fitted one, and never counts a question no unit may answer', () => {
    expect(table.slice(2)).toEqual([
      // Every confidence above 0: a answers 2 right, 1 wrongly, its unanswerable one; not the fourth.
      '| any above 0 | 2 / 1 / 1 | 1 / 0 / 0 |',
      '| 0.65 | 1 / 0 / 1 | 1 / 0 / 0 |',
      '| 0.75 (fitted) | 1 / 0 / 0 | 1 / 0 / 0 |',
    ]);
  });
});

describe('the reader fit, each weight held to its direction', () => {
  // Units described by termCover (for answering), unseenTerms (against it) and kindExact (constant):
  // answers are the units with more terms covered, and, against its purpose, more unseen terms.
  const examples: Example[] = Array.from({ length: 200 }, (_, k) => {
    const cover = (k % 10) / 10;
    const unseen = ((k * 7) % 10) / 10;
    const label = cover + unseen > 0.9;
    const features = FEATURE_NAMES.map((name: FeatureName) =>
      name === 'termCover' ? cover : name === 'unseenTerms' ? unseen : name === 'kindExact' ? 1 : 0,
    );
    return { question: question('a', true), scored: undefined as never, features, label, weight: 1 };
  });
  const fit = fitReader(examples);

  it('fixes at 0 a weight fitted against its direction, and a feature the same on every example', () => {
    expect(DIRECTION.unseenTerms).toBe(-1);
    expect(fit.model.weights.unseenTerms).toBe(0);
    expect(fit.fixed.get('unseenTerms')).toMatch(/against its direction/);
    expect(fit.model.weights.kindExact).toBe(0);
    expect(fit.fixed.get('kindExact')).toMatch(/the same on every example/);
  });

  it('keeps a weight that goes the way its feature is for', () => {
    expect(fit.model.weights.termCover).toBeGreaterThan(0);
    expect(fit.fixed.has('termCover')).toBe(false);
  });
});

describe('the held-out predictions and the limits the threshold keeps to', () => {
  const example = (of: Question): Example =>
    ({ question: of, features: [], label: of.answerable, weight: 1 }) as unknown as Example;

  it('scores each question once, by a fit on examples of the other folds only', () => {
    const questions = Array.from({ length: 12 }, (_, at) => question(`s${at}`, at % 2 === 0));
    const examples = questions.flatMap((of) => [example(of), example(of)]);
    const scored: Question[] = [];
    const rows = crossValidated(questions, examples, (training, held) => {
      const seen = new Set(training.map((e) => e.question));
      expect(held.some((of) => seen.has(of))).toBe(false);
      expect(training).toHaveLength(2 * (questions.length - held.length));
      scored.push(...held);
      return held.map((of) => ({ question: of, confidence: 0.5, right: of.answerable }));
    });
    expect(rows).toHaveLength(questions.length);
    expect(new Set(scored)).toEqual(new Set(questions));
  });

  it('holds an evaluation set to its share of false answers, and any other set to its unanswerable ones', () => {
    const limits = readerLimits(['a']);
    // 1 false answer in 20 questions: over the evaluation sets' limit, well within SQuAD's.
    const outcome: Outcome = { answerable: 10, unanswerable: 10, right: 5, wrong: 1, falseAnswers: 0 };
    expect(limits('a', outcome)).toBe(false);
    expect(limits('squad', outcome)).toBe(true);
    expect(limits('squad', { ...outcome, wrong: 0, falseAnswers: 3 })).toBe(false);
  });
});

describe('a fit held to directions over columns of its own (fitDirected)', () => {
  // Two columns: "near" said to raise the confidence, though here it marks the rows that are not answers;
  // "cover" raising it, as its rows show.
  const rows = Array.from({ length: 200 }, (_, k) => {
    const cover = (k % 10) / 10;
    const near = ((k * 3) % 10) / 10;
    return { features: [cover, near], label: cover - near > 0.1, weight: 1 };
  });

  it('fixes at 0 the column fitted against its direction, by its own name, and refits the rest', () => {
    const fit = fitDirected({ names: ['cover', 'near'], directions: [1, 1], rows });
    expect(fit.weights[1]).toBe(0);
    expect(fit.fixed.get('near')).toMatch(/against its direction \(should raise/u);
    expect(fit.weights[0]).toBeGreaterThan(0);
  });

  it('keeps the same column when its direction allows either sign', () => {
    const fit = fitDirected({ names: ['cover', 'near'], directions: [1, 0], rows });
    expect(fit.weights[1]).toBeLessThan(0);
    expect(fit.fixed.size).toBe(0);
  });
});
