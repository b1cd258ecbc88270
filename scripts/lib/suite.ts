// The benchmark's arithmetic: what one result means for one labelled question, and a set's counts.
// `npm run eval:suite` runs each set in its own process and prints the rows; this module holds no I/O.
import { type AskResult, assertNever, type RefusalReason } from '../../src/types';

/** A labelled question as every benchmark set can state it, whatever its file looks like. */
export interface SuiteItem {
  question: string;
  answerable: boolean;
  /** The passage that answers it (answerable only). */
  passage?: string;
  /** Whether an answer to it is correct: the set's own rule (mustContain, SQuAD's gold spans). */
  isCorrect?: (result: AskResult & { status: 'answered' }) => boolean;
}

/** What became of one question. */
export type SuiteOutcome =
  | { kind: 'correct' }
  | { kind: 'wrong' }
  | { kind: 'refused'; reason: RefusalReason }
  | { kind: 'false_answer' }
  | { kind: 'rightly_refused'; reason: RefusalReason };

export interface SuiteRecord {
  question: string;
  answerable: boolean;
  outcome: SuiteOutcome;
  bestScore: number;
  /** 1-based rank of the labelled passage among those retrieved, or undefined when absent or unlabelled. */
  rank: number | undefined;
  /** Whether the labelled passage was given to the generator. */
  inContext: boolean;
  /** The answer, when one was given: for reading a report, not for counting. */
  answer?: string;
}

export function recordOf(item: SuiteItem, result: AskResult): SuiteRecord {
  const at =
    item.passage === undefined ? -1 : result.passages.findIndex((s) => s.passage.id === item.passage);
  const inContext = item.passage !== undefined && result.context.some((s) => s.passage.id === item.passage);
  return {
    question: item.question,
    answerable: item.answerable,
    outcome: outcomeOf(item, result),
    bestScore: result.passages[0]?.score ?? 0,
    rank: at < 0 ? undefined : at + 1,
    inContext,
    ...(result.status === 'answered' ? { answer: result.answer } : {}),
  };
}

function outcomeOf(item: SuiteItem, result: AskResult): SuiteOutcome {
  if (result.status === 'refused') {
    // model_unavailable decided nothing; counted as a refusal by reason, so the table shows it.
    return item.answerable
      ? { kind: 'refused', reason: result.reason }
      : { kind: 'rightly_refused', reason: result.reason };
  }
  if (!item.answerable) return { kind: 'false_answer' };
  const right = item.isCorrect?.(result) ?? false;
  return right ? { kind: 'correct' } : { kind: 'wrong' };
}

/** One set's row of the table. */
export interface SuiteCounts {
  answerable: number;
  correct: number;
  wrong: number;
  /** Answerable questions refused, by reason. */
  refused: Partial<Record<RefusalReason, number>>;
  unanswerable: number;
  /** Unanswerable questions answered: false answers. */
  falseAnswers: number;
  /** Unanswerable questions refused, by reason. */
  rightlyRefused: Partial<Record<RefusalReason, number>>;
  /** Answerable questions whose labelled passage was retrieved first. */
  rank1: number;
  /** Answerable questions whose labelled passage was among the top `contextSize` retrieved. */
  topK: number;
  /** Answerable questions whose labelled passage was given to the generator. */
  inContext: number;
}

export function emptyCounts(): SuiteCounts {
  return {
    answerable: 0,
    correct: 0,
    wrong: 0,
    refused: {},
    unanswerable: 0,
    falseAnswers: 0,
    rightlyRefused: {},
    rank1: 0,
    topK: 0,
    inContext: 0,
  };
}

const bump = (counts: Partial<Record<RefusalReason, number>>, reason: RefusalReason) => {
  counts[reason] = (counts[reason] ?? 0) + 1;
};

/** Adds one record to `counts`; `contextSize` is how many top passages count as "in the top k". */
export function addRecord(options: { counts: SuiteCounts; record: SuiteRecord; contextSize: number }): void {
  const { counts, record, contextSize } = options;
  if (record.answerable) {
    counts.answerable++;
    if (record.rank === 1) counts.rank1++;
    if (record.rank !== undefined && record.rank <= contextSize) counts.topK++;
    if (record.inContext) counts.inContext++;
  } else {
    counts.unanswerable++;
  }
  const { outcome } = record;
  switch (outcome.kind) {
    case 'correct':
      counts.correct++;
      return;
    case 'wrong':
      counts.wrong++;
      return;
    case 'refused':
      bump(counts.refused, outcome.reason);
      return;
    case 'false_answer':
      counts.falseAnswers++;
      return;
    case 'rightly_refused':
      bump(counts.rightlyRefused, outcome.reason);
      return;
    default:
      assertNever(outcome);
  }
}
