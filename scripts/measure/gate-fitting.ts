// What fitting a gate model on evidence rows takes (npm run fit:semantic): the rows, a logistic
// regression on chosen columns, the threshold rule, held-out scores by fold and by set left out, and
// the report's table helpers.
import type { InMemoryIndex } from '../../src/compiled-index/types';
import type { SemanticSettings } from '../../src/retrieval/semantic';
import type { EvidenceFeatures } from '../../src/types';
import { ENCODER_COLUMNS, type EncoderColumn, type EncoderFeatures } from '../lib/encoder';
import type { SuiteItem } from '../lib/suite';
import { type FeatureRow, fitColumns } from './feature-comparison';

export const FOLDS = 5;
/** The share of the retrieved-right answerable questions the threshold keeps, at least. */
export const KEEP = 0.95;
/**
 * The share of the off-topic probes fitted on that the threshold may let past: half the 0.5% the project
 * allows, the other half a margin for the probes never fitted on. Below the KEEP threshold the gate
 * keeps more answerable questions; how many more is what questions worded unlike the development sets
 * need (a set left out keeps fewer than its own fit), and the probes, not those sets, bound it.
 */
export const PROBES_PAST = 0.0025;
export const OFFTOPIC = 'offtopic';

export type Column = keyof EvidenceFeatures | EncoderColumn;
export interface Model {
  name: string;
  columns: readonly Column[];
}
export const usesEncoder = (columns: readonly Column[]) =>
  columns.some((column) => (ENCODER_COLUMNS as readonly Column[]).includes(column));

export interface Row {
  set: string;
  answerable: boolean;
  /** Off-topic probes: whether this one is in the half the fit may read. */
  development: boolean;
  /** 0-based rank of the labelled passage, -1 when not retrieved or unlabelled. */
  rank: number;
  fold: number;
  /** At the best passage by retrieval: what the model is fitted on. */
  features: EvidenceFeatures;
  /** At every passage the gate reads: it passes when the highest of their scores does. */
  retrievedFeatures: EvidenceFeatures[];
  /**
   * The labelled passage's, when it is in the top contextSize: it reaches the generator when its own
   * score passes (the gate's `contextOf`), and then the gate passes too.
   */
  labelled: EvidenceFeatures | undefined;
  /** With --encoder: the encoder's evidence at the same passages. */
  encoder: EncoderFeatures | undefined;
}

export function columnValue(row: Row, column: Column): number {
  if (column in row.features) return row.features[column as keyof EvidenceFeatures];
  const value = row.encoder?.[column as EncoderColumn];
  if (value === undefined) throw new Error(`fit:semantic: ${column} read without --encoder`);
  return value;
}

/**
 * A question whose passage retrieval got right: the labelled passage among the first GATE_RANKS retrieved.
 * Fixed apart from the context's size (DEFAULT_CONTEXT_SIZE, chosen by `npm run measure:context`): a
 * threshold that keeps 95% of questions whose passage retrieval ranks fourth keeps weaker evidence (at 4
 * the page's threshold fell from 0.085 to 0.080 and its held-out probes past rose from 37 to 51 of 2,905).
 */
export const GATE_RANKS = 3;

export const retrieved = (row: Row) => row.rank >= 0 && row.rank < GATE_RANKS;

export interface Fitted {
  bias: number;
  weights: number[];
  score: (row: Row) => number;
}

export function fitModel(rows: readonly Row[], columns: readonly Column[]): Fitted {
  const asFeatureRow = (row: Row): FeatureRow => ({
    set: row.set,
    answerable: row.answerable,
    retrieved: retrieved(row),
    values: Object.fromEntries(columns.map((column) => [column, columnValue(row, column)])),
  });
  const fitted = fitColumns({ train: rows.map(asFeatureRow), columns });
  return { ...fitted, score: (row) => fitted.score(asFeatureRow(row)) };
}

/** The rule's threshold: the highest score that keeps KEEP of the retrieved-right answerable scores. */
export function ruleThreshold(scores: readonly number[]): number {
  const sorted = [...scores].sort((a, b) => b - a);
  const kept = sorted[Math.max(0, Math.ceil(KEEP * sorted.length) - 1)];
  if (kept === undefined) throw new Error('fit:semantic: no answerable question has its passage retrieved');
  return Math.floor(kept * 1000) / 1000;
}

/**
 * The lowest threshold (in thousandths) that lets at most PROBES_PAST of the probes' scores past: a
 * score passes when it is at least the threshold.
 */
export function probeThreshold(scores: readonly number[]): number {
  const sorted = [...scores].sort((a, b) => b - a);
  const first = sorted[Math.floor(PROBES_PAST * sorted.length)];
  if (first === undefined) throw new Error('fit:semantic: no off-topic probe to bound the threshold by');
  // The smallest thousandth above the first probe that must not pass, even one scoring a thousandth exactly.
  return (Math.floor(first * 1000) + 1) / 1000;
}

/**
 * The threshold rule: the KEEP threshold on the answerable scores, lowered to the probes' bound where
 * that is lower (the gate then keeps more than KEEP while the probes past stay within PROBES_PAST).
 */
export function thresholdFor(options: { answerable: readonly number[]; probes: readonly number[] }): {
  threshold: number;
  /** Whether the probes' bound lowered it below the KEEP threshold. */
  lowered: boolean;
} {
  const kept = ruleThreshold(options.answerable);
  const bound = probeThreshold(options.probes);
  return { threshold: Math.min(kept, bound), lowered: bound < kept };
}

export interface Judged {
  name: string;
  columns: readonly Column[];
  full: Fitted;
  /** Each development row's score from the fold model that did not see it. */
  heldOut: Map<Row, number>;
  threshold: number;
  /** Whether the probes let the held-out threshold go below the KEEP one. */
  lowered: boolean;
  inSampleThreshold: number;
}

export function judge(rows: readonly Row[], model: Model): Judged {
  const development = rows.filter((row) => row.development);
  const heldOut = new Map<Row, number>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const fitted = fitModel(
      development.filter((row) => row.fold !== fold),
      model.columns,
    );
    for (const row of development.filter((row) => row.fold === fold)) heldOut.set(row, fitted.score(row));
  }
  const full = fitModel(development, model.columns);
  const thresholdOf = (score: (row: Row) => number) =>
    thresholdFor({
      answerable: development.filter((row) => row.answerable && retrieved(row)).map(score),
      probes: development.filter((row) => row.set === OFFTOPIC).map(score),
    });
  const held = thresholdOf((row) => heldOut.get(row) as number);
  return {
    ...model,
    full,
    heldOut,
    threshold: held.threshold,
    lowered: held.lowered,
    inSampleThreshold: thresholdOf(full.score).threshold,
  };
}

/** Per set: answerable whose passage reaches the generator, unanswerable passing, at `threshold`. */
export function outcomes(rows: readonly Row[], score: (row: Row) => number, threshold: number) {
  const bySet = new Map<
    string,
    { kept: number; reach: number; answerable: number; pass: number; unanswerable: number }
  >();
  for (const row of rows) {
    const counts = bySet.get(row.set) ?? { kept: 0, reach: 0, answerable: 0, pass: 0, unanswerable: 0 };
    const passes = score(row) >= threshold;
    if (row.answerable) {
      counts.answerable++;
      if (passes) counts.kept++;
      if (passes && retrieved(row)) counts.reach++;
    } else {
      counts.unanswerable++;
      if (passes) counts.pass++;
    }
    bySet.set(row.set, counts);
  }
  return bySet;
}

/** One development set left out: the model fitted on the other sets and the off-topic half, its rule threshold. */
export function leftOut(options: { rows: readonly Row[]; columns: readonly Column[]; set: string }) {
  const { rows, columns, set } = options;
  const train = rows.filter((row) => row.development && row.set !== set);
  const fitted = fitModel(train, columns);
  const { threshold } = thresholdFor({
    answerable: train.filter((r) => r.answerable && retrieved(r)).map(fitted.score),
    probes: train.filter((r) => r.set === OFFTOPIC).map(fitted.score),
  });
  const own = rows.filter((row) => row.set === set);
  return { fitted, threshold, counts: outcomes(own, fitted.score, threshold).get(set), own };
}

export interface DevSet {
  name: string;
  index: InMemoryIndex;
  items: SuiteItem[];
}

export interface Candidate {
  settings: SemanticSettings;
  rows: Row[];
  judged: Judged;
  reach: number;
  offDevelopment: number;
}

export const share = (count: number, of: number) =>
  `${count} of ${of} (${of === 0 ? '—' : Math.round((100 * count) / of)}%)`;
export const fixed = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(3));
export const table = (head: readonly string[], body: ReadonlyArray<readonly string[]>) => [
  `| ${head.join(' | ')} |`,
  `|${head.map(() => '---').join('|')}|`,
  ...body.map((row) => `| ${row.join(' | ')} |`),
];

/** A fitted model's bias and weights, one row a column. */
export const weightsTable = (judged: Judged) =>
  table(
    ['', 'weight'],
    [
      ['bias', fixed(judged.full.bias)],
      ...judged.columns.map((column, k) => [column, fixed(judged.full.weights[k])]),
    ],
  );
