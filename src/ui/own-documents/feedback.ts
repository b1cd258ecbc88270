// The visitor's verdict on a result, as a labelled question: "Right" or "Wrong" under an answer, "Should
// have answered" or "Right to refuse" under a refusal. Each adds the question to the labelled set the
// calibration panel measures, so calibration grows from use. Plain data and functions: the buttons
// (ui/ask/feedback.tsx) only show them.
import type { EvalQuestion } from '../../evaluation/eval-set';
import { type AskResult, assertNever } from '../../types';
import { sameQuestion, withLabels } from './labelled-set';

export type Verdict = 'right' | 'wrong' | 'should-answer' | 'right-to-refuse';

/** The button's words for each verdict. */
export const VERDICT_WORDS: Record<Verdict, string> = {
  right: 'Right',
  wrong: 'Wrong',
  'should-answer': 'Should have answered',
  'right-to-refuse': 'Right to refuse',
};

/**
 * The verdicts a result can take: an answer is right or wrong; a refusal should have answered (when a
 * passage was found to name as the answer) or was right. A question never read (too long, empty) and a
 * generator that could not be asked (an outage, a refused key, a cancel) say nothing about the documents.
 */
export function verdictsFor(result: AskResult): Verdict[] {
  if (result.status === 'answered') return ['right', 'wrong'];
  if (
    result.reason === 'invalid_question' ||
    result.reason === 'model_unavailable' ||
    result.reason === 'passage_text_unavailable' ||
    result.reason === 'postings_unavailable'
  )
    return [];
  return result.passages.length > 0 ? ['should-answer', 'right-to-refuse'] : ['right-to-refuse'];
}

const note = 'labelled in the page, from a result';

/**
 * The labelled question a verdict makes. Answerable ones name the passage that answers: the one the
 * answer cites first, or for a refusal that should have answered, the best passage found (the
 * calibration measures best scores; the passage is what `npm run eval` checks a citation against).
 */
export function labelOf(result: AskResult, verdict: Verdict): EvalQuestion | undefined {
  const { question } = result;
  if (verdict === 'wrong' || verdict === 'right-to-refuse') return { question, answerable: false, note };
  const passage =
    verdict === 'right' && result.status === 'answered'
      ? result.citations[0]
      : result.passages[0]?.passage.id;
  return passage === undefined ? undefined : { question, answerable: true, passage, note };
}

/** What a verdict did to the set: added the question, changed its label, or nothing (the same label). */
export type FeedbackOutcome = 'added' | 'relabelled' | 'unchanged';

/** Adds `item` to `set`; a question already there takes the new label, and the outcome says which. */
export function addFeedback(
  set: readonly EvalQuestion[],
  item: EvalQuestion,
): { set: EvalQuestion[]; outcome: FeedbackOutcome } {
  const there = set.find((other) => sameQuestion(other.question, item.question));
  if (there === undefined) return { set: withLabels(set, [item]), outcome: 'added' };
  if (there.answerable === item.answerable && there.passage === item.passage) {
    return { set: [...set], outcome: 'unchanged' };
  }
  return { set: withLabels(set, [item]), outcome: 'relabelled' };
}

/** "4 answerable, 3 not": the set as the calibration panel counts it. */
export function countsOf(set: readonly EvalQuestion[]): string {
  const answerable = set.filter((item) => item.answerable).length;
  return `${answerable} answerable, ${set.length - answerable} not`;
}

/** What the visitor reads (and hears) where they clicked. */
export function feedbackMessage(
  outcome: FeedbackOutcome,
  item: EvalQuestion,
  set: readonly EvalQuestion[],
): string {
  const kind = item.answerable ? 'answerable' : 'not answerable';
  switch (outcome) {
    case 'added':
      return `Added to your labelled questions as ${kind}: ${countsOf(set)}.`;
    case 'relabelled':
      return `Already in your labelled questions: now labelled ${kind}. ${countsOf(set)}.`;
    case 'unchanged':
      return `Already in your labelled questions as ${kind}; nothing added. ${countsOf(set)}.`;
    default:
      return assertNever(outcome);
  }
}
