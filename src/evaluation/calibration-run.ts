// Calibrating the gate of the visitor's documents on their own labelled questions, in the page: the
// same parse (the eval set's schema) and the same calibrateOn as `npm run eval -- --calibrate`. Its own
// chunk, fetched when a visitor measures: the eval set's schema uses zod's classic API.
import { type Engine, retrieverOf } from '../ask/engine';
import { formatScore, roundScore } from '../retrieval/score-format';
import type { GateSettings } from '../types';
import { type Calibration, calibrateOn, type EvalQuestion, readEvalSet } from './eval-set';

// The page reads pasted or chosen questions with the same parse, from this chunk.
export { readEvalSet };

export type CalibrationRun =
  | { ok: true; calibration: Calibration; questions: number }
  | { ok: false; message: string };

/** Parses `text` as an evaluation set and calibrates `engine`'s corpus on it. */
export function runCalibration(engine: Engine, text: string): CalibrationRun {
  const read = readEvalSet(text);
  if (!read.ok) return read;
  return calibrateItems(engine, read.items);
}

/** Calibrates `engine`'s corpus on labelled questions (labelled by clicking, or read from a file). */
export function calibrateItems(engine: Engine, items: readonly EvalQuestion[]): CalibrationRun {
  const calibration = calibrateOn(retrieverOf(engine), items);
  if (calibration.lowestAnswerable === undefined || calibration.highestUnanswerable === undefined) {
    return {
      ok: false,
      message:
        'cannot calibrate: the set needs at least one answerable question and one unanswerable question the gate is meant to decide',
    };
  }
  return { ok: true, calibration, questions: items.length };
}

/** The gate a calibration with a gap gives, its source saying where the number came from. */
export function calibratedGate(
  run: Extract<CalibrationRun, { ok: true }>,
  minMargin: number,
  date = new Date(),
): GateSettings | undefined {
  const { midpoint, lowestAnswerable, highestUnanswerable } = run.calibration;
  if (midpoint === undefined || lowestAnswerable === undefined || highestUnanswerable === undefined)
    return undefined;
  return {
    threshold: roundScore(midpoint),
    minMargin,
    source:
      `midpoint of the gap on ${run.questions} questions of your own, measured in the page on ${date.toISOString().slice(0, 10)}: ` +
      `lowest answerable ${formatScore(lowestAnswerable)}, highest gate-decidable unanswerable ${formatScore(highestUnanswerable)}`,
  };
}

/**
 * When the labelled groups overlap, the gates of the two thresholds calibration proposes: the lowest that
 * lets no labelled unanswerable question through, and the midpoint of the two groups' edges.
 */
export function proposedGates(
  run: Extract<CalibrationRun, { ok: true }>,
  minMargin: number,
  date = new Date(),
): Array<{ threshold: number; gate: GateSettings; choice: string }> {
  const { proposals } = run.calibration;
  if (proposals === undefined) return [];
  const day = date.toISOString().slice(0, 10);
  const gateOf = (threshold: number, choice: string) => ({
    threshold,
    choice,
    gate: {
      threshold,
      minMargin,
      source: `${choice}, chosen on ${run.questions} questions of your own (overlapping), measured in the page on ${day}`,
    },
  });
  return [
    gateOf(proposals.noFalsePass.threshold, 'refuses every unanswerable question labelled'),
    gateOf(proposals.midpoint.threshold, 'midpoint between the two groups'),
  ];
}
