import { z } from 'zod';
import { MAX_QUESTION_CHARS } from '../config';
import { describeIssues } from '../issues';
import { type AskResult, REFUSAL_REASONS, type Scored } from '../types';

// The evaluation set: questions with what must happen to them. Parsed at the edge like any input.

/**
 * What ask() would accept: a blank or over-long question is refused as invalid_question before the
 * gate, which an unanswerable entry would count as PASS without testing anything.
 */
const QuestionSchema = z
  .string()
  .refine((question) => question.trim() !== '', { message: 'the question is blank' })
  .refine((question) => question.trim().length <= MAX_QUESTION_CHARS, {
    message: `the question is over ${MAX_QUESTION_CHARS} characters, the limit ask() accepts`,
  });

export const EvalQuestionSchema = z
  .object({
    question: QuestionSchema,
    answerable: z.boolean(),
    /** The passage that answers it (answerable questions only). */
    passage: z.string().min(1).optional(),
    /**
     * Strings a correct answer must contain, compared without regard to case. Left out, an answer is judged
     * by the passage it cites alone (a question labelled in the page); an empty list is refused, since it
     * reads as a check and checks nothing.
     */
    mustContain: z
      .array(z.string().min(1))
      .min(
        1,
        'mustContain lists at least one text a correct answer must hold: an empty list passes any answer (leave it out to judge by the cited passage alone)',
      )
      .optional(),
    /** The gate cannot decide it and the stand-in cannot either: without a model it is SKIP, never PASS. */
    requiresModel: z.boolean().optional(),
    /**
     * Unanswerable, yet expected to pass the gate: it looks like a question the corpus answers, so layers
     * 2 and 3 must decide it. Left out of the calibration gap, like a question that needs a model.
     */
    passesGate: z.boolean().optional(),
    note: z.string().optional(),
  })
  .strict()
  .superRefine((item, context) => {
    if (item.answerable && item.passage === undefined) {
      context.addIssue({
        code: 'custom',
        message:
          'an answerable question needs `passage` (and `mustContain`, unless the cited passage alone decides)',
      });
    }
    if (!item.answerable && (item.passage !== undefined || item.mustContain !== undefined)) {
      context.addIssue({
        code: 'custom',
        message: 'an unanswerable question has no `passage` or `mustContain`',
      });
    }
  });

export const EvalSetSchema = z.array(EvalQuestionSchema).min(1);
export type EvalQuestion = z.infer<typeof EvalQuestionSchema>;

export class EvalSetError extends Error {
  override name = 'EvalSetError';
}

export function parseEvalSet(json: unknown): EvalQuestion[] {
  const parsed = EvalSetSchema.safeParse(json);
  if (!parsed.success) {
    throw new EvalSetError(`not a valid evaluation set: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}

/** An evaluation set read from text a visitor pasted or chose, or why it is not one. */
export type ReadEvalSet = { ok: true; items: EvalQuestion[] } | { ok: false; message: string };

/** Like parseEvalSet, but a failure is a message to show: the page's edge for questions. */
export function checkEvalSet(json: unknown): ReadEvalSet {
  try {
    return { ok: true, items: parseEvalSet(json) };
  } catch (error) {
    if (error instanceof EvalSetError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Text as an evaluation set: JSON first, then the schema. */
export function readEvalSet(text: string): ReadEvalSet {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError)
      return { ok: false, message: `the questions are not JSON: ${error.message}` };
    throw error;
  }
  return checkEvalSet(json);
}

export type Judgement =
  | { verdict: 'PASS'; why: string }
  | { verdict: 'FAIL'; why: string }
  | { verdict: 'SKIP'; why: string };

/** What one result means for one question. `hasModel` is whether a language model wrote the answers. */
export function judge(options: { item: EvalQuestion; result: AskResult; hasModel: boolean }): Judgement {
  const { item, result, hasModel } = options;
  if (item.requiresModel && !hasModel) {
    return { verdict: 'SKIP', why: 'needs a language model; none is configured' };
  }
  const why =
    result.status === 'refused'
      ? `refused: ${result.reason}`
      : `answered citing ${result.citations.join(', ')}`;
  if (
    !item.answerable &&
    result.status === 'refused' &&
    (result.reason === 'model_unavailable' ||
      result.reason === 'passage_text_unavailable' ||
      result.reason === 'postings_unavailable')
  ) {
    // Not a refusal of the question: nothing was decided, and a broken key must not pass the set.
    return { verdict: 'FAIL', why: `${why} (${result.detail}): the question was never decided` };
  }
  if (!item.answerable) {
    return result.status === 'refused'
      ? { verdict: 'PASS', why }
      : { verdict: 'FAIL', why: `${why}, but the corpus does not answer it` };
  }
  if (result.status === 'refused') {
    return { verdict: 'FAIL', why: `${why} (${result.detail})` };
  }
  if (!result.citations.includes(item.passage as string)) {
    return { verdict: 'FAIL', why: `${why}, not ${item.passage}` };
  }
  const answer = result.answer.toLowerCase();
  const missing = (item.mustContain ?? []).filter((text) => !answer.includes(text.toLowerCase()));
  if (missing.length > 0) {
    return {
      verdict: 'FAIL',
      why: `${why}, but the answer lacks ${missing.map((text) => JSON.stringify(text)).join(', ')}`,
    };
  }
  return { verdict: 'PASS', why };
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

export function tally(judgements: readonly Judgement[]): Tally {
  return {
    passed: judgements.filter((j) => j.verdict === 'PASS').length,
    failed: judgements.filter((j) => j.verdict === 'FAIL').length,
    skipped: judgements.filter((j) => j.verdict === 'SKIP').length,
  };
}

/** The closing line, alone on its line, in the form test runners are read by. */
export function closingLine(counts: Tally): string {
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}

export interface CalibrationRow {
  question: string;
  bestScore: number;
  bestPassage: string | undefined;
  /** Marked `requiresModel` or `passesGate`: no threshold is meant to decide it. */
  beyondGate: boolean;
}

export interface Calibration {
  /** Answerable questions, lowest best score first. */
  answerable: CalibrationRow[];
  /** Unanswerable questions the gate is expected to decide, highest best score first. */
  unanswerable: CalibrationRow[];
  /** Questions marked `requiresModel` or `passesGate`: listed, but left out of the gap; no threshold is meant to decide them. */
  excluded: CalibrationRow[];
  /**
   * Excluded questions scoring at or above the lowest answerable one. Counted in, they make the groups
   * overlap: no threshold could refuse them without refusing a genuine question too.
   */
  excludedOverlapping: CalibrationRow[];
  lowestAnswerable: number | undefined;
  highestUnanswerable: number | undefined;
  /** lowestAnswerable − highestUnanswerable; negative when the groups overlap. */
  gap: number | undefined;
  /** The threshold to ship when the gap is positive. */
  midpoint: number | undefined;
  /** The questions on the wrong side of the other group's edge, when the groups overlap. */
  overlapping: CalibrationRow[];
  /**
   * When the groups overlap, the two thresholds to choose between: the lowest that lets no
   * gate-decidable unanswerable question through (no false answers from the gate, at the highest
   * coverage that allows), and the midpoint between the two groups' edges (more answered, some
   * unanswerable questions left to layers 2 and 3). Each with how many answerable questions pass it.
   */
  proposals: { noFalsePass: Proposal; midpoint: Proposal } | undefined;
}

/** A threshold calibration proposes, and the answerable questions that would pass the gate at it. */
export interface Proposal {
  threshold: number;
  answerablePassing: number;
  unanswerablePassing: number;
}

type LabelledRow = CalibrationRow & { answerable: boolean };

const withoutLabel = ({ answerable: _answerable, ...row }: LabelledRow): CalibrationRow => row;
const lowestFirst = (a: CalibrationRow, b: CalibrationRow) => a.bestScore - b.bestScore;
const highestFirst = (a: CalibrationRow, b: CalibrationRow) => b.bestScore - a.bestScore;

/** Measures the threshold from the questions' best scores instead of choosing it by taste. */
export function calibrate(rows: readonly LabelledRow[]): Calibration {
  const answerable = rows
    .filter((row) => row.answerable)
    .map(withoutLabel)
    .sort(lowestFirst);
  const unanswerable = rows
    .filter((row) => !row.answerable && !row.beyondGate)
    .map(withoutLabel)
    .sort(highestFirst);
  const excluded = rows
    .filter((row) => !row.answerable && row.beyondGate)
    .map(withoutLabel)
    .sort(highestFirst);
  const lowestAnswerable = answerable[0]?.bestScore;
  const highestUnanswerable = unanswerable[0]?.bestScore;
  const excludedOverlapping =
    lowestAnswerable === undefined ? [] : excluded.filter((row) => row.bestScore >= lowestAnswerable);
  const groups = {
    answerable,
    unanswerable,
    excluded,
    excludedOverlapping,
    lowestAnswerable,
    highestUnanswerable,
  };
  if (lowestAnswerable === undefined || highestUnanswerable === undefined) {
    return { ...groups, gap: undefined, midpoint: undefined, overlapping: [], proposals: undefined };
  }
  const gap = lowestAnswerable - highestUnanswerable;
  if (gap > 0) {
    const midpoint = (lowestAnswerable + highestUnanswerable) / 2;
    return { ...groups, gap, midpoint, overlapping: [], proposals: undefined };
  }
  const proposal = (threshold: number): Proposal => ({
    threshold,
    answerablePassing: answerable.filter((row) => row.bestScore >= threshold).length,
    unanswerablePassing: unanswerable.filter((row) => row.bestScore >= threshold).length,
  });
  // Shown to three places, so the smallest such number above the highest unanswerable score.
  const aboveHighest = Math.floor(highestUnanswerable * 1000 + 1) / 1000;
  const proposals = {
    noFalsePass: proposal(aboveHighest),
    midpoint: proposal(Number(((lowestAnswerable + highestUnanswerable) / 2).toFixed(3))),
  };
  const overlapping = [
    ...answerable.filter((row) => row.bestScore <= highestUnanswerable),
    ...unanswerable.filter((row) => row.bestScore >= lowestAnswerable),
  ];
  return { ...groups, gap, midpoint: undefined, overlapping, proposals };
}

export function bestOf(passages: readonly Scored[]): { bestScore: number; bestPassage: string | undefined } {
  const best = passages[0];
  return { bestScore: best?.score ?? 0, bestPassage: best?.passage.id };
}

// Recorded replies: what a model might send, with the outcome the verifier must reach. They audit the
// verifier without a model, on both sides: a correct answer refused counts as much as a wrong one passed.

export const RecordedReplySchema = z
  .object({
    kind: z.string().min(1),
    question: QuestionSchema,
    /** The reply exactly as a model would send it: parsed with the same schema as a live one. */
    reply: z.unknown(),
    expect: z.enum(['answered', ...REFUSAL_REASONS]),
    note: z.string().optional(),
  })
  .strict();

export type RecordedReply = z.infer<typeof RecordedReplySchema>;

export function parseRecordedReplies(json: unknown): RecordedReply[] {
  const parsed = z.array(RecordedReplySchema).min(1).safeParse(json);
  if (!parsed.success)
    throw new EvalSetError(`not a valid set of recorded replies: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** What the engine made of a recorded reply, against what it should have. */
export function judgeReply(item: RecordedReply, result: AskResult): { outcome: string; met: boolean } {
  const outcome = result.status === 'answered' ? 'answered' : result.reason;
  return { outcome, met: outcome === item.expect };
}

/**
 * The calibration of a corpus's gate on labelled questions: each question's best score, then
 * `calibrate`. The command line (`npm run eval -- --calibrate`) and the page run this same function.
 */
export function calibrateOn(
  retriever: { retrieve(question: string, limit: number): Scored[] },
  items: readonly EvalQuestion[],
): Calibration {
  return calibrate(
    items.map((item) => ({ ...calibrationLabels(item), ...bestOf(retriever.retrieve(item.question, 1)) })),
  );
}

/** A question's calibration row fields that come from the eval set. */
export function calibrationLabels(item: EvalQuestion): {
  question: string;
  answerable: boolean;
  beyondGate: boolean;
} {
  return {
    question: item.question,
    answerable: item.answerable,
    beyondGate: (item.requiresModel ?? false) || (item.passesGate ?? false),
  };
}

/**
 * Area under the ROC curve of a score that should rank `positives` above `negatives`: the chance that
 * a random positive outscores a random negative, ties counting half. 1 means some threshold separates
 * the two groups completely; 0.5 means the score says nothing about which group a question is in.
 * Undefined when either group is empty. Sort-based, so it is exact and O(n log n).
 */
export function rocAuc(positives: readonly number[], negatives: readonly number[]): number | undefined {
  if (positives.length === 0 || negatives.length === 0) return undefined;
  const all = [
    ...positives.map((score) => ({ score, positive: true })),
    ...negatives.map((score) => ({ score, positive: false })),
  ].sort((a, b) => a.score - b.score);
  // Mann–Whitney U: the sum of the positives' ranks, tied scores sharing the mean of their ranks.
  let rankSum = 0;
  for (let start = 0; start < all.length; ) {
    let end = start;
    while (end < all.length && all[end]?.score === all[start]?.score) end++;
    const meanRank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) if (all[i]?.positive) rankSum += meanRank;
    start = end;
  }
  const u = rankSum - (positives.length * (positives.length + 1)) / 2;
  return u / (positives.length * negatives.length);
}
