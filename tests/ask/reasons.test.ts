import { describe, expect, it } from 'vitest';

import { explainRefusal, REFUSAL_REASONS, type RefusalReason } from '../../src/ask/reasons';
import { assertNever } from '../../src/types';

describe('explainRefusal', () => {
  it('gives every reason its own summary and next step', () => {
    const explanations = REFUSAL_REASONS.map((reason) => explainRefusal(reason));
    expect(new Set(explanations.map((e) => e.summary)).size).toBe(REFUSAL_REASONS.length);
    for (const { summary, nextStep } of explanations) {
      expect(summary).not.toBe('');
      expect(nextStep).not.toBe('');
    }
  });

  it('tells "nothing on that" apart from "found something that did not answer it"', () => {
    expect(explainRefusal('no_relevant_context').summary).toMatch(/Nothing/);
    expect(explainRefusal('model_reported_no_answer').summary).toMatch(/do not answer/);
  });

  it.each([
    ['aborted', /cancelled/],
    ['authentication', /key was rejected/],
    ['connection', /could not be reached/],
    ['timeout', /could not be reached/],
    ['rate_limited', /Too many requests/],
    ['overloaded', /having trouble/],
    ['server_error', /having trouble/],
    ['bad_request', /could not be asked/],
  ])('explains model_unavailable (%s) by its cause', (code, summary) => {
    expect(explainRefusal('model_unavailable', code).summary).toMatch(summary);
  });

  it('tells a model that declined apart from passages that do not answer', () => {
    expect(explainRefusal('model_reported_no_answer', 'stop_refusal').summary).toMatch(/declined/);
  });

  it('throws on a reason that is not in the union, via assertNever', () => {
    expect(() => explainRefusal('made_up' as RefusalReason)).toThrow(/unhandled case: "made_up"/);
    expect(() => assertNever('x' as never)).toThrow(/unhandled case/);
  });
});
