import { describe, expect, it } from 'vitest';
import { addRecord, emptyCounts, recordOf, type SuiteItem } from '../../scripts/lib/suite';
import type { AskResult, Passage, Scored } from '../../src/types';

const passage = (id: string): Passage => ({ id, file: 'f.md', line: 1, trail: [], text: 't' });
const scored = (ids: string[]): Scored[] =>
  ids.map((id, at) => ({ passage: passage(id), score: 0.9 - at / 10 }));
const base = { question: 'q', threshold: 0.1, promptVersion: 'v' };
const answered = (options: { retrieved: string[]; context: string[]; answer?: string }): AskResult => ({
  ...base,
  status: 'answered',
  passages: scored(options.retrieved),
  context: scored(options.context),
  answer: options.answer ?? 'an answer',
  citations: options.context.slice(0, 1),
  quotes: [],
  generator: { kind: 'extractive', name: 'x' },
  raw: '',
});
const refused = (retrieved: string[]): AskResult => ({
  ...base,
  status: 'refused',
  reason: 'no_relevant_context',
  detail: 'low',
  passages: scored(retrieved),
  context: [],
});
const answerable = (right: boolean): SuiteItem => ({
  question: 'q',
  answerable: true,
  passage: 'a#b',
  isCorrect: () => right,
});

describe('recordOf', () => {
  it('counts an answer as correct only by the set’s own rule', () => {
    const result = answered({ retrieved: ['a#b'], context: ['a#b'] });
    expect(recordOf(answerable(true), result).outcome).toEqual({ kind: 'correct' });
    expect(recordOf(answerable(false), result).outcome).toEqual({ kind: 'wrong' });
  });

  it('never counts an answer to an unanswerable question as anything but a false answer', () => {
    const record = recordOf(
      { question: 'q', answerable: false },
      answered({ retrieved: ['x#y'], context: ['x#y'] }),
    );
    expect(record.outcome).toEqual({ kind: 'false_answer' });
  });

  it('gives the rank of the labelled passage, and whether the generator saw it', () => {
    const record = recordOf(answerable(true), refused(['x#y', 'a#b']));
    expect(record).toMatchObject({
      rank: 2,
      inContext: false,
      outcome: { kind: 'refused', reason: 'no_relevant_context' },
    });
    expect(record.bestScore).toBeCloseTo(0.9);
    expect(recordOf(answerable(true), refused(['x#y'])).rank).toBeUndefined();
  });
});

describe('addRecord', () => {
  it('counts retrieval only for answerable questions and refusals by reason', () => {
    const counts = emptyCounts();
    const add = (item: SuiteItem, result: AskResult) =>
      addRecord({ counts, record: recordOf(item, result), contextSize: 3 });
    add(answerable(true), answered({ retrieved: ['a#b', 'x#y'], context: ['a#b'] }));
    add(answerable(true), refused(['x#1', 'x#2', 'x#3', 'a#b']));
    add(answerable(false), answered({ retrieved: ['a#c', 'a#b'], context: ['a#c'] }));
    add({ question: 'q', answerable: false }, refused(['a#b']));
    add({ question: 'q', answerable: false }, refused([]));
    expect(counts).toEqual({
      answerable: 3,
      correct: 1,
      wrong: 1,
      refused: { no_relevant_context: 1 },
      unanswerable: 2,
      falseAnswers: 0,
      rightlyRefused: { no_relevant_context: 2 },
      rank1: 1,
      topK: 2,
      inContext: 1,
    });
  });
});
