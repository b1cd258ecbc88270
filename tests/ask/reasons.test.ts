import { describe, expect, it } from 'vitest';
import { explainRefusal } from '../../src/ask/reasons';
import { assertNever, REFUSAL_REASONS, type RefusalReason } from '../../src/types';

const CLAUDE = { kind: 'claude' } as const;
const STAND_IN = { kind: 'extractive' } as const;
const SENTENCE = /^[A-Z][^\n]*\.$/u;

describe('explainRefusal', () => {
  it('gives every reason its own plain sentence for what happened and one for what to do', () => {
    const explanations = REFUSAL_REASONS.map((reason) => explainRefusal({ reason, generator: CLAUDE }));
    expect(new Set(explanations.map((e) => e.summary)).size).toBe(REFUSAL_REASONS.length);
    for (const { summary, nextStep } of explanations) {
      expect(summary).toMatch(SENTENCE);
      expect(nextStep).toMatch(SENTENCE);
      // No reason code or underscore reaches the plain words.
      expect(`${summary} ${nextStep}`).not.toMatch(/_/u);
    }
  });

  it('tells "nothing on that" apart from "found something that did not answer it"', () => {
    expect(explainRefusal({ reason: 'no_relevant_context' }).summary).toMatch(/^Nothing/);
    expect(explainRefusal({ reason: 'model_reported_no_answer', generator: STAND_IN }).summary).toMatch(
      /no sentence in them answers/,
    );
  });

  it.each(['missing_citation', 'fabricated_citation', 'unsupported_quote', 'unparseable_response'] as const)(
    'never tells a person to ask again when the stand-in’s own answer failed (%s)',
    (reason) => {
      const { nextStep } = explainRefusal({ reason, generator: STAND_IN });
      expect(nextStep).not.toMatch(/ask again/iu);
      expect(nextStep).toMatch(/read them yourself|ask a person/u);
    },
  );

  it('does tell a person to ask again when Claude’s quote failed: a new reply may hold', () => {
    expect(explainRefusal({ reason: 'unsupported_quote', generator: CLAUDE }).nextStep).toMatch(/^Ask again/);
  });

  it.each([
    ['aborted', /cancelled/, false, false],
    ['authentication', /did not accept your API key/, true, true],
    ['connection', /could not be reached/, true, false],
    ['timeout', /could not be reached/, true, false],
    ['rate_limited', /too many questions/, true, false],
    ['overloaded', /having trouble/, true, false],
    ['server_error', /having trouble/, true, false],
    ['client_unavailable', /could not load/, true, false],
    ['bad_request', /could not be asked/, true, true],
  ])(
    'explains model_unavailable (%s) by its cause, and what is offered',
    (code, summary, standIn, fixKey) => {
      const explanation = explainRefusal({ reason: 'model_unavailable', code, generator: CLAUDE });
      expect(explanation.summary).toMatch(summary);
      expect(explanation.standInInstead).toBe(standIn);
      expect(explanation.fixKey).toBe(fixKey);
    },
  );

  it('says where to fix a rejected key', () => {
    expect(explainRefusal({ reason: 'model_unavailable', code: 'authentication' }).nextStep).toMatch(
      /Settings, at the end of this page/,
    );
  });

  it('offers the stand-in only when no model could answer', () => {
    const offered = REFUSAL_REASONS.filter(
      (reason) => explainRefusal({ reason, generator: CLAUDE }).standInInstead,
    );
    expect(offered).toEqual(['model_unavailable']);
  });

  it('tells a model that declined apart from passages that do not answer', () => {
    expect(explainRefusal({ reason: 'model_reported_no_answer', code: 'stop_refusal' }).summary).toMatch(
      /declined/,
    );
  });

  it('throws on a reason that is not in the union, via assertNever', () => {
    expect(() => explainRefusal({ reason: 'made_up' as RefusalReason })).toThrow(/unhandled case: "made_up"/);
    expect(() => assertNever('x' as never)).toThrow(/unhandled case/);
  });
});
