import type { GateSettings } from './types';

/**
 * The gate as shipped for the bundled corpus. The threshold is the midpoint of the gap between the
 * lowest-scoring answerable and the highest-scoring unanswerable question of eval/questions.json, as
 * printed by `npm run eval -- --calibrate`; re-measure it whenever the corpus, the eval set or the
 * retrieval model changes.
 */
export const DEFAULT_GATE: GateSettings = {
  threshold: 0.138,
  minMargin: 0,
  source:
    'midpoint of the gap on eval/questions.json (npm run eval -- --calibrate, 2026-12-03): ' +
    'lowest answerable 0.179, highest gate-decidable unanswerable 0.097',
};

/**
 * The gate for a corpus nobody has calibrated: the bundled manual's threshold as a starting point, and a
 * source that says so, so that the page and every report can warn that it was not measured here.
 */
export function uncalibratedGate(minMargin = DEFAULT_GATE.minMargin): GateSettings {
  return {
    threshold: DEFAULT_GATE.threshold,
    minMargin,
    source:
      `${NOT_CALIBRATED}: the bundled manual’s threshold, used as a starting point; measure one ` +
      'with npm run eval -- --calibrate --index FILE --questions FILE and rebuild with --threshold',
  };
}

/** How an uncalibrated gate's source begins. */
export const NOT_CALIBRATED = 'NOT CALIBRATED for this corpus';

/** Whether the gate was measured on its own corpus, as far as its source says. */
export const isCalibrated = (gate: GateSettings) => !gate.source.startsWith(NOT_CALIBRATED);

/** Longer than any honest question; a pasted document is not a question. */
export const MAX_QUESTION_CHARS = 1000;

/** Passages given to the generator as context, at most. */
export const DEFAULT_CONTEXT_SIZE = 3;
