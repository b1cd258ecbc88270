// What a threshold would have done to the labelled questions, in words, so that a visitor choosing one
// sees its effect before using it; and when too few labels make any threshold a guess.
import type { Calibration } from './eval-set';

/** Fewer labels of either kind than this, and a measured threshold is a guess. */
export const LABELS_FOR_A_MEASURE = 10;

/** How the labels fall at `threshold`: what it would answer (the gate lets through) of each kind. */
export function effectAt(calibration: Calibration, threshold: number): string {
  const passing = (rows: Calibration['answerable']) =>
    rows.filter((row) => row.bestScore >= threshold).length;
  const answerable = calibration.answerable.length;
  const unanswerable = calibration.unanswerable.length;
  return (
    `${passing(calibration.answerable)} of ${answerable} answerable answered, ` +
    `${passing(calibration.unanswerable)} of ${unanswerable} unanswerable answered`
  );
}

/** Said when either kind has fewer than LABELS_FOR_A_MEASURE labels; undefined when there are enough. */
export function guessWarning(calibration: Calibration): string | undefined {
  const answerable = calibration.answerable.length;
  const unanswerable = calibration.unanswerable.length;
  if (answerable >= LABELS_FOR_A_MEASURE && unanswerable >= LABELS_FOR_A_MEASURE) return undefined;
  const wanted = (have: number) => Math.max(0, LABELS_FOR_A_MEASURE - have);
  return (
    `With ${answerable} answerable and ${unanswerable} unanswerable ${answerable + unanswerable === 1 ? 'label' : 'labels'}, ` +
    `this threshold is a guess: label ${wanted(answerable)} more answerable and ${wanted(unanswerable)} more ` +
    `unanswerable questions to measure it.`
  );
}
