import { describe, expect, it } from 'vitest';
import {
  benchmarkSummarySchema,
  describeSet,
  type SetSummary,
  summarizeReport,
} from '../../src/evaluation/benchmark-summary';

const counts = {
  answerable: 88,
  correct: 34,
  wrong: 0,
  refused: { no_relevant_context: 40, model_reported_no_answer: 14 },
  unanswerable: 6,
  falseAnswers: 1,
  rightlyRefused: { no_relevant_context: 5 },
  rank1: 50,
  topK: 70,
  inContext: 70,
};

const report = {
  date: '2026-12-06T02:30:00.000Z',
  generator: 'extractive stand-in, no key',
  commit: 'abc1234',
  channels: 'lexical and semantic',
  sets: [
    {
      name: 'paraphrases',
      status: 'measured',
      source: 'eval/paraphrases.json',
      passages: 33,
      threshold: 0.1,
      gateSource: 'shipped',
      skipped: 0,
      counts,
      records: [{ question: 'every question is left out of the summary' }],
    },
    { name: 'squad2', status: 'absent', reason: 'no file at benchmarks/squad2/dev-*.json' },
  ],
};

describe('summarizeReport', () => {
  it('keeps the date, the commit and every set, with refusals summed over their reasons', () => {
    const summary = summarizeReport(report);
    expect(benchmarkSummarySchema.parse(summary)).toEqual(summary);
    expect(summary.date).toBe('2026-12-06');
    expect(summary.sets.map((set) => set.name)).toEqual(['paraphrases', 'squad2']);
    expect(summary.sets[0]).toMatchObject({ answerable: 88, correct: 34, wrong: 0, refused: 54 });
  });

  it('leaves every question out: the summary stays small', () => {
    expect(JSON.stringify(summarizeReport(report))).not.toContain('every question is left out');
  });

  it('throws, naming the field, on a report whose counts are missing', () => {
    const broken = { ...report, sets: [{ ...report.sets[0], counts: undefined }] };
    expect(() => summarizeReport(broken)).toThrow(/counts/);
  });
});

describe('describeSet', () => {
  const measured = (overrides: Partial<Extract<SetSummary, { status: 'measured' }>>): SetSummary => ({
    name: 'paraphrases',
    status: 'measured',
    source: 'eval/paraphrases.json',
    passages: 33,
    threshold: 0.1,
    answerable: 88,
    correct: 34,
    wrong: 0,
    refused: 54,
    unanswerable: 0,
    falseAnswers: 0,
    ...overrides,
  });

  it('says a set in words, with none for nought', () => {
    expect(describeSet(measured({}))).toBe(
      'Of 88 questions asked in other words, 34 answered correctly, none wrongly, 54 refused.',
    );
  });

  it('tells a set of unanswerable questions how many were refused and how many answered anyway', () => {
    const offtopic = measured({
      name: 'offtopic',
      answerable: 0,
      correct: 0,
      refused: 0,
      unanswerable: 40,
      falseAnswers: 2,
    });
    expect(describeSet(offtopic)).toBe(
      'Of 40 questions the manual does not cover, 38 refused and 2 answered anyway.',
    );
  });

  it('says why a set was not measured', () => {
    expect(describeSet({ name: 'squad2', status: 'absent', reason: 'no file' })).toMatch(
      /^The questions from SQuAD 2\.0 .* were not measured: no file\.$/,
    );
  });

  it('names a set it does not know by its name', () => {
    expect(describeSet(measured({ name: 'mine' }))).toMatch(/^Of 88 questions of the set “mine”/);
  });
});
