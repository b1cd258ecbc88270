// Comparing gate models that differ in their features, on the same development questions (npm run
// fit:gate): each fitted by logistic regression, then judged by ROC AUC (in the fit and on a set the fit
// did not see) and by how many questions pass the gate at the threshold the fit's rule chooses.
import { rocAuc } from '../../src/evaluation/eval-set';
import { fitLogistic } from '../lib/logistic';

/** A development question's features at its best passage. */
export interface FeatureRow {
  set: string;
  answerable: boolean;
  /** Whether the labelled passage is among the top contextSize (answerable questions only). */
  retrieved: boolean;
  values: Readonly<Record<string, number>>;
}

export interface ScoredRow {
  set: string;
  answerable: boolean;
  retrieved: boolean;
  score: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A logistic model of answerable on `columns`, fitted on `train`, scoring any row. */
export function fitColumns(options: { train: readonly FeatureRow[]; columns: readonly string[] }): {
  bias: number;
  weights: number[];
  score: (row: FeatureRow) => number;
} {
  const { train, columns } = options;
  const valuesOf = (row: FeatureRow) => columns.map((column) => row.values[column] ?? Number.NaN);
  const fit = fitLogistic({ features: train.map(valuesOf), labels: train.map((row) => row.answerable) });
  return {
    bias: fit.bias,
    weights: fit.weights,
    score: (row) =>
      sigmoid(valuesOf(row).reduce((sum, x, k) => sum + x * (fit.weights[k] as number), fit.bias)),
  };
}

/** ROC AUC of answerable above unanswerable questions; undefined when a group is empty. */
export function aucOf(rows: readonly ScoredRow[]): number | undefined {
  return rocAuc(
    rows.filter((row) => row.answerable).map((row) => row.score),
    rows.filter((row) => !row.answerable).map((row) => row.score),
  );
}

/**
 * The gate's threshold by the fit's rule: the lowest score of an answerable question whose labelled
 * passage was retrieved, rounded down to three places, so that the gate refuses none retrieval got right.
 */
export function ruleThreshold(rows: readonly ScoredRow[]): number {
  const scores = rows.filter((row) => row.answerable && row.retrieved).map((row) => row.score);
  if (scores.length === 0)
    throw new Error('ruleThreshold: no answerable question with its passage retrieved');
  return Math.floor(Math.min(...scores) * 1000) / 1000;
}

/** How many answerable and unanswerable questions score at or above `threshold`. */
export function passing(options: { rows: readonly ScoredRow[]; threshold: number }): {
  answerable: number;
  unanswerable: number;
} {
  const through = options.rows.filter((row) => row.score >= options.threshold);
  return {
    answerable: through.filter((row) => row.answerable).length,
    unanswerable: through.filter((row) => !row.answerable).length,
  };
}

/**
 * The most answerable questions any threshold lets through while letting at most `falsePasses`
 * unanswerable ones through: two models compared at equal false passes.
 */
export function answerableAtFalsePasses(options: {
  rows: readonly ScoredRow[];
  falsePasses: number;
}): number {
  const { rows, falsePasses } = options;
  let best = 0;
  for (const threshold of new Set(rows.map((row) => row.score))) {
    const through = passing({ rows, threshold });
    if (through.unanswerable <= falsePasses) best = Math.max(best, through.answerable);
  }
  return best;
}

/**
 * The fewest unanswerable questions any threshold lets through while letting at least `answerable`
 * answerable ones through: two models compared at equal coverage. Undefined when no threshold can.
 */
export function falsePassesAtAnswerable(options: {
  rows: readonly ScoredRow[];
  answerable: number;
}): number | undefined {
  const { rows } = options;
  let best: number | undefined;
  for (const threshold of new Set(rows.map((row) => row.score))) {
    const through = passing({ rows, threshold });
    if (through.answerable >= options.answerable)
      best = Math.min(best ?? through.unanswerable, through.unanswerable);
  }
  return best;
}

/**
 * Each set's ROC AUC under a model fitted on the other sets only: how the features carry to questions
 * (and a corpus) the fit never saw, which an AUC measured on the fit's own questions does not show.
 */
export function leaveOneSetOut(options: {
  rows: readonly FeatureRow[];
  columns: readonly string[];
}): Map<string, number | undefined> {
  const { rows, columns } = options;
  const aucs = new Map<string, number | undefined>();
  for (const set of new Set(rows.map((row) => row.set))) {
    const model = fitColumns({ train: rows.filter((row) => row.set !== set), columns });
    const held = rows.filter((row) => row.set === set);
    aucs.set(set, aucOf(held.map((row) => ({ ...row, score: model.score(row) }))));
  }
  return aucs;
}

/** The highest score that keeps `share` of `scores` at or above it (1 when there are none). */
export function keepingShare(scores: readonly number[], share: number): number {
  const sorted = [...scores].sort((a, b) => b - a);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 1;
}
