// The questions a visitor labels by clicking, in the format of eval/questions.json: a question a passage
// answers (with that passage), or one nothing in the documents answers. The calibration panel builds the
// set, the evaluation page runs it, and it downloads as a file `npm run eval -- --questions` reads.
import type { EvalQuestion } from '../../evaluation/eval-set';

/** The visitor's verdict on the passages shown for a question. */
export type Label = { question: string; answeredBy: string } | { question: string; answeredBy: undefined };

/** One labelled question as eval/questions.json holds it. */
export function asEvalQuestion(label: Label): EvalQuestion {
  const note = 'labelled in the page';
  return label.answeredBy === undefined
    ? { question: label.question, answerable: false, note }
    : // No required words: the visitor chose a passage, not the words of an answer.
      { question: label.question, answerable: true, passage: label.answeredBy, note };
}

/** Whether two questions are the same one, as the set counts them: case and outer spaces aside. */
export const sameQuestion = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Adds `items` to `set`; a question labelled again takes its newest label. */
export function withLabels(set: readonly EvalQuestion[], items: readonly EvalQuestion[]): EvalQuestion[] {
  const kept = set.filter((item) => !items.some((added) => sameQuestion(added.question, item.question)));
  return [...kept, ...items];
}

/** The set as a file: the same JSON eval/questions.json holds, one question an entry. */
export function labelledSetFile(set: readonly EvalQuestion[]): string {
  return `${JSON.stringify(set, null, 2)}\n`;
}
