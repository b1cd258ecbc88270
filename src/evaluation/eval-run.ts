// The evaluation set run once through the real ask(), recorded so that the page can show the outcome
// at any gate threshold without asking the generator again. Pure: no DOM, so the property test holds it
// to a fresh ask() in Node.
//
// A result depends on the threshold t only through whether the gate passes (best score ≥ t; the
// minMargin check does not read t) and through the context (the first contextSize retrieved passages
// scoring ≥ t, contextOf). Both change only where t reaches the score of a passage that is then in the
// context: one ranked below the first contextSize passages counts only when it outscores enough of them,
// as evidence read with meaning can. A question has one outcome per such score, and the gate's refusal
// above the best.
import type { ask as askQuestion } from '../ask/engine';
import type { Engine } from '../ask/engine-setup';
import { contextOf, gate } from '../ask/gate';
import type {
  AskResult,
  GateSettings,
  GenerationClient,
  GeneratorInfo,
  RefusalReason,
  Refused,
  Scored,
} from '../types';
import { bestOf, calibrationLabels, type EvalQuestion, type Judgement, judge } from './eval-set';

/** What one question came to at each stretch of thresholds. */
interface QuestionRecord {
  item: EvalQuestion;
  bestScore: number;
  /**
   * ask() with the gate shut (threshold +∞): the passages retrieved, and the refusal every threshold
   * above the best score gets (or, for an invalid question, every threshold).
   */
  shut: Refused;
  /**
   * Ascending: the result ask() returned with the threshold at the score of each retrieved passage that is
   * in the context at its own score. It holds for every threshold above the previous breakpoint, up to
   * this one.
   */
  steps: Array<{ breakpoint: number; result: AskResult }>;
}

export interface EvalRun {
  /** The gate the run was made with; only its minMargin matters, the threshold is what varies. */
  gate: GateSettings;
  generator: GeneratorInfo;
  /** Whether a language model wrote the answers; without one, questions marked requiresModel are SKIP. */
  hasModel: boolean;
  questions: QuestionRecord[];
}

export interface RunOptions {
  engine: Engine;
  items: readonly EvalQuestion[];
  client: GenerationClient;
  /** Injected, so that the page fetches it with the rest of the question-time code. */
  ask: typeof askQuestion;
  /** Defaults to whether the client is anything but the extractive stand-in, as `--no-model` decides. */
  hasModel?: boolean;
  /** Called with 0 first, then after each question. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs every question through `ask` at each of its breakpoints. A few hundred questions take a while,
 * so it yields to the event loop between questions. When `signal` aborts, it stops and resolves to
 * undefined: a cancelled run is not an error, and nothing half-measured is returned. A bug in ask (or a
 * client) rejects.
 */
export async function runEvaluation(options: RunOptions): Promise<EvalRun | undefined> {
  const { engine, items, client, ask, signal, onProgress } = options;
  const hasModel = options.hasModel ?? client.info.kind !== 'extractive';
  const askAt = (question: string, threshold: number) =>
    ask({ engine: { ...engine, gate: { ...engine.gate, threshold } }, client, question, signal });

  const questions: QuestionRecord[] = [];
  onProgress?.(0, items.length);
  for (const item of items) {
    if (signal?.aborted) return undefined;
    const shut = await askAt(item.question, Number.POSITIVE_INFINITY);
    if (shut.status !== 'refused') {
      throw new Error(`eval-run: ask answered ${JSON.stringify(item.question)} with the gate shut`);
    }
    const joinsContext = (scored: Scored) =>
      contextOf(shut.passages, {
        contextSize: engine.contextSize,
        gate: { ...engine.gate, threshold: scored.score },
      }).includes(scored);
    const breakpoints = [...new Set(shut.passages.filter(joinsContext).map(({ score }) => score))].sort(
      (a, b) => a - b,
    );
    const steps: QuestionRecord['steps'] = [];
    for (const breakpoint of breakpoints) {
      steps.push({ breakpoint, result: await askAt(item.question, breakpoint) });
    }
    // A result asked under an aborted signal may be a cancellation, not an outcome: none is kept.
    if (signal?.aborted) return undefined;
    questions.push({ item, bestScore: bestOf(shut.passages).bestScore, shut, steps });
    onProgress?.(questions.length, items.length);
    await nextTask();
  }
  return { gate: engine.gate, generator: client.info, hasModel, questions };
}

/** What a fresh ask() would return for a recorded question with the gate threshold at `threshold`. */
function resultAt(record: QuestionRecord, settings: GateSettings, threshold: number): AskResult {
  const step = record.steps.find(({ breakpoint }) => breakpoint >= threshold);
  if (step !== undefined) return { ...step.result, threshold };
  const { shut } = record;
  if (shut.reason !== 'no_relevant_context') return { ...shut, threshold };
  // The gate's detail names the threshold, so it is the gate's own words at this one.
  const verdict = gate(shut.passages, { ...settings, threshold });
  return { ...shut, threshold, detail: verdict.pass ? shut.detail : verdict.detail };
}

export interface QuestionOutcome {
  /** Position in the evaluation set, from 0. */
  index: number;
  question: string;
  /** What ask() returns at this threshold. */
  result: AskResult;
  status: AskResult['status'];
  /** Why it was refused; undefined when answered. */
  reason: RefusalReason | undefined;
  judgement: Judgement;
  /** The best retrieval score; 0 when nothing was retrieved. */
  bestScore: number;
  answerable: boolean;
  /** Marked requiresModel or passesGate: no threshold is meant to decide it. */
  beyondGate: boolean;
}

/** Every question's outcome with the gate threshold at `threshold`, in the order of the set. */
export function outcomeAt(run: EvalRun, threshold: number): QuestionOutcome[] {
  return run.questions.map((record, index) => {
    const result = resultAt(record, run.gate, threshold);
    const { answerable, beyondGate } = calibrationLabels(record.item);
    return {
      index,
      question: record.item.question,
      result,
      status: result.status,
      reason: result.status === 'refused' ? result.reason : undefined,
      judgement: judge({ item: record.item, result, hasModel: run.hasModel }),
      bestScore: record.bestScore,
      answerable,
      beyondGate,
    };
  });
}

export interface TwoByTwo {
  answered: { answerable: number; unanswerable: number };
  refused: { answerable: number; unanswerable: number };
  /** SKIP questions (they need a model and none is configured): left out of the four cells. */
  skipped: number;
}

/** Answered or refused against answerable or not; questions beyond the gate count with their label. */
export function twoByTwo(outcomes: readonly QuestionOutcome[]): TwoByTwo {
  const table: TwoByTwo = {
    answered: { answerable: 0, unanswerable: 0 },
    refused: { answerable: 0, unanswerable: 0 },
    skipped: 0,
  };
  for (const outcome of outcomes) {
    if (outcome.judgement.verdict === 'SKIP') table.skipped++;
    else table[outcome.status][outcome.answerable ? 'answerable' : 'unanswerable']++;
  }
  return table;
}

export interface RiskCoveragePoint {
  threshold: number;
  /** Questions not SKIP. */
  decided: number;
  answered: number;
  /** Answered, and judged FAIL: a wrong answer, or an answer to a question the corpus does not answer. */
  failedAnswers: number;
  /** answered / decided; undefined when every question is SKIP. */
  coverage: number | undefined;
  /** failedAnswers / answered; undefined when nothing is answered. */
  risk: number | undefined;
}

/**
 * Coverage and risk at one threshold. SKIP questions (they need a model and none is configured) are
 * left out of both: the stand-in's answer to them is not meant to be judged.
 */
export function riskCoverageAt(threshold: number, outcomes: readonly QuestionOutcome[]): RiskCoveragePoint {
  const decided = outcomes.filter((outcome) => outcome.judgement.verdict !== 'SKIP');
  const answered = decided.filter((outcome) => outcome.status === 'answered');
  const failedAnswers = answered.filter((outcome) => outcome.judgement.verdict === 'FAIL').length;
  return {
    threshold,
    decided: decided.length,
    answered: answered.length,
    failedAnswers,
    coverage: decided.length === 0 ? undefined : answered.length / decided.length,
    risk: answered.length === 0 ? undefined : failedAnswers / answered.length,
  };
}

/** A threshold above every best score of the run: the gate refuses every question. */
export const aboveAll = (run: EvalRun) => Math.max(0, ...run.questions.map((q) => q.bestScore)) + 0.001;

/**
 * The risk–coverage curve as the threshold sweeps every point where an outcome can change, lowest
 * first: every best score (the gate lets one more question through) and every other step of a
 * question's context (one more passage reaches the generator, which can change what a model answers),
 * then one above the highest (nothing passes the gate). SKIP questions are left out of risk and
 * coverage (see riskCoverageAt).
 */
export function riskCoverage(run: EvalRun): RiskCoveragePoint[] {
  const thresholds = [
    ...new Set(run.questions.flatMap((q) => [q.bestScore, ...q.steps.map(({ breakpoint }) => breakpoint)])),
  ].sort((a, b) => a - b);
  return [...thresholds, aboveAll(run)].map((threshold) =>
    riskCoverageAt(threshold, outcomeAt(run, threshold)),
  );
}

export interface Flip {
  from: QuestionOutcome;
  to: QuestionOutcome;
}

/** The questions whose verdict, or whether they are answered, differs between two thresholds. */
export function flips(run: EvalRun, from: number, to: number): Flip[] {
  const after = outcomeAt(run, to);
  return outcomeAt(run, from).flatMap((before, index) => {
    const now = after[index] as QuestionOutcome;
    const changed = before.status !== now.status || before.judgement.verdict !== now.judgement.verdict;
    return changed ? [{ from: before, to: now }] : [];
  });
}

/** The thresholds the page offers: three decimals, as an applied threshold is stored. */
const THRESHOLD_STEP = 0.001;
const toStep = (value: number) => Math.round(value / THRESHOLD_STEP) * THRESHOLD_STEP;

/**
 * The nearest threshold above (`up`) or below `from` at which some question's outcome differs from its
 * outcome at `from`, or undefined when there is none that way: a slider's keyboard step. A score s
 * passes the gate at any threshold ≤ s, so the outcomes can change only between the last three-decimal
 * threshold at or below a breakpoint and the next one.
 */
export function nextFlipThreshold(options: {
  run: EvalRun;
  from: number;
  direction: 'up' | 'down';
}): number | undefined {
  const { run, from, direction } = options;
  const breakpoints = run.questions.flatMap((q) => [
    q.bestScore,
    ...q.steps.map(({ breakpoint }) => breakpoint),
  ]);
  const candidates = [
    ...new Set(
      breakpoints.flatMap((breakpoint) => {
        const atOrBelow = toStep(Math.floor(breakpoint / THRESHOLD_STEP + 1e-9) * THRESHOLD_STEP);
        return [atOrBelow, toStep(atOrBelow + THRESHOLD_STEP)];
      }),
    ),
  ]
    .filter((threshold) => threshold >= 0 && (direction === 'up' ? threshold > from : threshold < from))
    .sort((a, b) => (direction === 'up' ? a - b : b - a));
  return candidates.find((threshold) => flips(run, from, threshold).length > 0);
}
