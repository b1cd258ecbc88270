// What `npm run eval:suite` measured, in the few figures a visitor reads on `#/eval`: one summary per
// benchmark set, dated and named by its commit, small enough to commit (`npm run eval:summary` writes it
// from the suite's JSON report; the report itself, with every question, is never committed).
import { z } from 'zod';

const count = z.number().int().nonnegative();

const measuredSet = z.object({
  name: z.string(),
  status: z.literal('measured'),
  /** Where the questions and documents came from, as the suite names them. */
  source: z.string(),
  passages: count,
  threshold: z.number(),
  answerable: count,
  correct: count,
  wrong: count,
  /** Answerable questions refused. */
  refused: count,
  unanswerable: count,
  /** Unanswerable questions answered anyway. */
  falseAnswers: count,
});

const missingSet = z.object({
  name: z.string(),
  status: z.enum(['absent', 'not ingestible']),
  reason: z.string(),
});

export const benchmarkSummarySchema = z.object({
  /** ISO date of the run, e.g. 2026-12-06. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/u),
  commit: z.string(),
  generator: z.string(),
  channels: z.string(),
  sets: z.array(z.discriminatedUnion('status', [measuredSet, missingSet])),
});

export type BenchmarkSummary = z.infer<typeof benchmarkSummarySchema>;
export type SetSummary = BenchmarkSummary['sets'][number];
type MeasuredSet = z.infer<typeof measuredSet>;

/** The suite's report as far as the summary reads it; everything else in it (every question) is left. */
const reportSchema = z.object({
  date: z.string(),
  commit: z.string(),
  generator: z.string(),
  channels: z.string(),
  sets: z.array(
    z.discriminatedUnion('status', [
      z.object({
        name: z.string(),
        status: z.literal('measured'),
        source: z.string(),
        passages: count,
        threshold: z.number(),
        counts: z.object({
          answerable: count,
          correct: count,
          wrong: count,
          refused: z.record(z.string(), count),
          unanswerable: count,
          falseAnswers: count,
        }),
      }),
      missingSet,
    ]),
  ),
});

const total = (byReason: Record<string, number>) => Object.values(byReason).reduce((sum, n) => sum + n, 0);

/** The summary of an eval:suite report (its parsed JSON); throws, naming the field, on anything else. */
export function summarizeReport(report: unknown): BenchmarkSummary {
  const parsed = reportSchema.parse(report);
  return {
    date: parsed.date.slice(0, 10),
    commit: parsed.commit,
    generator: parsed.generator,
    channels: parsed.channels,
    sets: parsed.sets.map((set): SetSummary => {
      if (set.status !== 'measured') return set;
      const { counts } = set;
      return {
        name: set.name,
        status: 'measured',
        source: set.source,
        passages: set.passages,
        threshold: set.threshold,
        answerable: counts.answerable,
        correct: counts.correct,
        wrong: counts.wrong,
        refused: total(counts.refused),
        unanswerable: counts.unanswerable,
        falseAnswers: counts.falseAnswers,
      };
    }),
  };
}

/** What each set is, to someone who has never seen it; a set not named here is called by its name. */
const KINDS: ReadonlyArray<[prefix: string, kind: string]> = [
  ['shipped', 'questions in the manual’s own words'],
  ['paraphrases', 'questions asked in other words'],
  ['frozen-probes', 'questions written later to test the engine, never tuned on'],
  ['realdocs', 'questions on real documentation (Preact’s docs)'],
  ['offtopic', 'questions the manual does not cover'],
  ['squad2', 'questions from SQuAD 2.0 on Wikipedia articles'],
];

export function kindOf(name: string): string {
  return KINDS.find(([prefix]) => name.startsWith(prefix))?.[1] ?? `questions of the set “${name}”`;
}

/** 0 → "none", else the number: "none wrongly" reads, "0 wrongly" is a table cell. */
const noneOr = (n: number) => (n === 0 ? 'none' : n.toLocaleString('en'));

/**
 * One set in words: "Of 88 questions asked in other words, 34 answered correctly, none wrongly, 54
 * refused." Unanswerable questions are told apart: refusing them is right, answering them is wrong.
 */
export function describeSet(set: SetSummary): string {
  const kind = kindOf(set.name);
  if (set.status !== 'measured') return `The ${kind} were not measured: ${set.reason}.`;
  const parts: string[] = [];
  if (set.answerable > 0) parts.push(answerableWords(set, kind));
  if (set.unanswerable > 0) {
    const refusedRightly = set.unanswerable - set.falseAnswers;
    parts.push(
      `Of ${set.unanswerable.toLocaleString('en')} ${set.answerable > 0 ? 'that the documents do not answer' : kind}, ` +
        `${noneOr(refusedRightly)} refused and ${noneOr(set.falseAnswers)} answered anyway.`,
    );
  }
  return parts.length === 0 ? `The ${kind}: none were asked.` : parts.join(' ');
}

function answerableWords(set: MeasuredSet, kind: string): string {
  return (
    `Of ${set.answerable.toLocaleString('en')} ${kind}, ${noneOr(set.correct)} answered correctly, ` +
    `${noneOr(set.wrong)} wrongly, ${noneOr(set.refused)} refused.`
  );
}
