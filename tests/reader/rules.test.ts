import { describe, expect, it } from 'vitest';
import { describeMissingKind } from '../../src/reader/kinds';
import { readQuestionText } from '../../src/reader/question/question';
import { readPassages } from '../../src/reader/read';
import { HARD_RULES, RULES } from '../../src/reader/rules';
import type { Passage } from '../../src/types';

const passage = (text: string): Passage => ({
  id: 'pool#staff',
  file: 'pool.md',
  line: 1,
  trail: ['Pool'],
  text,
});
const brokenBy = (question: string, text: string) =>
  readPassages({ question: readQuestionText(question), passages: [passage(text)] }).candidates.map(
    (candidate) => candidate.broken,
  );

describe('the hard rules', () => {
  it('are listed once each', () => {
    expect(new Set(HARD_RULES).size).toBe(RULES.length);
  });

  it('rule out a unit with no answer of the kind asked, and give the kind missing as the reason', () => {
    expect(brokenBy('Who is the pool manager?', 'The pool manager is Ines Okafor.')).toEqual([undefined]);
    expect(brokenBy('Who is the pool manager?', 'The pool manager keeps the keys.')).toEqual([
      describeMissingKind('person'),
    ]);
    // A form that asks for no particular kind is met by any unit.
    const kind = RULES.find((rule) => rule.name === 'kind');
    expect(kind?.applies(readQuestionText('Is the pool manager on duty?'))).toBe(false);
    expect(kind?.applies(readQuestionText('Who is the pool manager?'))).toBe(true);
  });

  it('give the reason of the first rule broken, in their order', () => {
    // "Safari" is never named (the name rule, first) and no one is named (the kind rule, last).
    expect(brokenBy('Who fixed the bug in Safari?', 'The bug was fixed last week.')).toEqual([
      'is in a passage that never names Safari',
    ]);
    const off = { rules: new Set(['name' as const]) };
    const reading = readPassages({
      question: readQuestionText('Who fixed the bug in Safari?'),
      passages: [passage('The bug was fixed last week.')],
      off,
    });
    expect(reading.candidates.map((candidate) => candidate.broken)).toEqual([describeMissingKind('person')]);
  });

  it('read nothing of a question they do not apply to', () => {
    const question = readQuestionText('Is the pool open?');
    const applying = RULES.filter((rule) => rule.applies(question)).map((rule) => rule.name);
    // No name, code, year, day, premise, version or negated ask; the form is yes/no.
    expect(applying).toEqual(['constraint']);
  });
});
