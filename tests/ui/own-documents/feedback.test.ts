import { describe, expect, it } from 'vitest';
import type { EvalQuestion } from '../../../src/evaluation/eval-set';
import type { Answered, Passage, Refused } from '../../../src/types';
import {
  addFeedback,
  countsOf,
  feedbackMessage,
  labelOf,
  verdictsFor,
} from '../../../src/ui/own-documents/feedback';
import { libraryIndex } from '../../helpers/engine';

// A passage of the manual: what the verdicts name is its id.
const PASSAGE = libraryIndex().passages.find(({ id }) => id === '02-borrowing#loan-periods') as Passage;
const base = {
  question: 'How long is a loan?',
  passages: [{ passage: PASSAGE, score: 0.4 }],
  context: [],
  threshold: 0.2,
  promptVersion: 'answer.v2',
};
const answered: Answered = {
  ...base,
  status: 'answered',
  answer: 'Three weeks.',
  citations: ['02-borrowing#holds', '02-borrowing#loan-periods'],
  quotes: [],
  generator: { kind: 'extractive', name: 'stand-in' },
  raw: '',
};
const refused = (reason: Refused['reason'], extra: Partial<Refused> = {}): Refused => ({
  ...base,
  status: 'refused',
  reason,
  detail: 'd',
  ...extra,
});

describe('a verdict on a result', () => {
  it('offers Right and Wrong for an answer, Should have answered and Right to refuse for a refusal', () => {
    expect(verdictsFor(answered)).toEqual(['right', 'wrong']);
    expect(verdictsFor(refused('no_relevant_context'))).toEqual(['should-answer', 'right-to-refuse']);
    // Nothing found to name as the answer: it can only have been right to refuse.
    expect(verdictsFor(refused('no_relevant_context', { passages: [] }))).toEqual(['right-to-refuse']);
  });

  it('offers none when the documents were never judged: an outage, a cancel, a question not read', () => {
    expect(verdictsFor(refused('model_unavailable', { code: 'network' }))).toEqual([]);
    expect(verdictsFor(refused('invalid_question'))).toEqual([]);
  });

  it('labels an answer judged right as answered by the passage it cites first, wrong as unanswerable', () => {
    expect(labelOf(answered, 'right')).toMatchObject({
      question: 'How long is a loan?',
      answerable: true,
      passage: '02-borrowing#holds',
    });
    expect(labelOf(answered, 'wrong')).toMatchObject({ answerable: false });
    expect(labelOf(answered, 'wrong')).not.toHaveProperty('passage');
  });

  it('labels a refusal that should have answered by the best passage found, one right to refuse as unanswerable', () => {
    const refusal = refused('no_relevant_context');
    expect(labelOf(refusal, 'should-answer')).toMatchObject({
      answerable: true,
      passage: '02-borrowing#loan-periods',
    });
    expect(labelOf(refusal, 'right-to-refuse')).toMatchObject({ answerable: false });
    expect(labelOf(refused('no_relevant_context', { passages: [] }), 'should-answer')).toBeUndefined();
  });
});

describe('adding a verdict to the labelled set', () => {
  const other: EvalQuestion = { question: 'Is there wifi?', answerable: false };

  it('adds a new question and says so with the counts', () => {
    const item = labelOf(answered, 'right') as EvalQuestion;
    const { set, outcome } = addFeedback([other], item);
    expect(outcome).toBe('added');
    expect(set).toEqual([other, item]);
    expect(feedbackMessage(outcome, item, set)).toBe(
      'Added to your labelled questions as answerable: 1 answerable, 1 not.',
    );
  });

  it('never adds the same question twice: the same label says so, another replaces it', () => {
    const right = labelOf(answered, 'right') as EvalQuestion;
    const first = addFeedback([other], right).set;
    const again = addFeedback(first, { ...right, question: '  how long is a LOAN? ' });
    expect(again.outcome).toBe('unchanged');
    expect(again.set).toEqual(first);
    expect(feedbackMessage(again.outcome, right, again.set)).toBe(
      'Already in your labelled questions as answerable; nothing added. 1 answerable, 1 not.',
    );
    const wrong = labelOf(answered, 'wrong') as EvalQuestion;
    const changed = addFeedback(first, wrong);
    expect(changed.outcome).toBe('relabelled');
    expect(changed.set).toEqual([other, wrong]);
    expect(feedbackMessage(changed.outcome, wrong, changed.set)).toBe(
      'Already in your labelled questions: now labelled not answerable. 0 answerable, 2 not.',
    );
  });

  it('counts the set as the calibration panel does', () => {
    expect(countsOf([])).toBe('0 answerable, 0 not');
  });
});
