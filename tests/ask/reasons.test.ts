import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainRefusal, relatedPassages } from '../../src/ask/reasons';
import { RELATED_SHARE, RELATED_SHOWN } from '../../src/config';
import { assertNever, type Passage, REFUSAL_REASONS, type RefusalReason, type Scored } from '../../src/types';

const CLAUDE = { kind: 'claude' } as const;
const STAND_IN = { kind: 'extractive' } as const;
const SENTENCE = /^[A-Z][^\n]*\.$/u;
const THRESHOLD = 0.3;

const passage = (id: string): Passage => ({ id, file: 'f.md', line: 1, trail: ['F', id], text: `${id}.` });
const scored = (id: string, score: number): Scored => ({ passage: passage(id), score });
// The words that would tell a person the documents say no, or do not cover it.
const SAYS_NO = /nothing|not cover|no answer in the documents/iu;

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

  it('tells a block of text that did not arrive from one that arrived damaged and from a cancel', () => {
    const words = (code: string) =>
      explainRefusal({ reason: 'passage_text_unavailable', code, generator: STAND_IN }).summary;
    expect(words('unavailable')).toMatch(/could not be fetched/);
    expect(words('timeout')).toMatch(/could not be fetched/);
    expect(words('damaged')).toMatch(/arrived damaged/);
    expect(words('aborted')).toMatch(/cancelled/);
    // None of them says the documents do not answer: nothing was read.
    for (const code of ['unavailable', 'timeout', 'damaged', 'aborted'])
      expect(words(code)).not.toMatch(SAYS_NO);
  });

  it('says "nothing in these documents is about this" only when no passage was found near the question', () => {
    const none = explainRefusal({ reason: 'no_relevant_context', passages: [], threshold: THRESHOLD });
    expect(none.summary).toBe('Nothing in these documents came close to this question.');
    expect(none.related).toEqual([]);
    const far = explainRefusal({
      reason: 'no_relevant_context',
      passages: [scored('far', (THRESHOLD * RELATED_SHARE) / 2)],
      threshold: THRESHOLD,
    });
    expect(far.summary).toBe(none.summary);
  });

  it('lists the related sections of a gate refusal, and then never says "nothing"', () => {
    const explanation = explainRefusal({
      reason: 'no_relevant_context',
      passages: [scored('near', THRESHOLD * 0.9), scored('far', THRESHOLD * RELATED_SHARE * 0.9)],
      threshold: THRESHOLD,
    });
    expect(explanation.summary).toBe('These sections are related, but none of them clearly answers it:');
    expect(explanation.related.map((listed) => listed.id)).toEqual(['near']);
    expect(`${explanation.summary} ${explanation.nextStep}`).not.toMatch(SAYS_NO);
  });

  it('is "related" exactly when a passage reaches the stated share of the threshold', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }), (scores) => {
        const passages = scores.map((score, rank) => scored(`p${rank}`, score));
        const { summary, related } = explainRefusal({
          reason: 'no_relevant_context',
          passages,
          threshold: THRESHOLD,
        });
        const near = passages.filter((found) => found.score >= THRESHOLD * RELATED_SHARE);
        expect(related.length).toBe(Math.min(near.length, RELATED_SHOWN));
        expect(related.every((listed) => near.some((found) => found.passage === listed))).toBe(true);
        expect(summary.startsWith('Nothing')).toBe(near.length === 0);
      }),
    );
  });

  it('lists the related passages best first, at most RELATED_SHOWN', () => {
    const found = [0.1, 0.25, 0.2, 0.15, 0.28].map((score, rank) => scored(`p${rank}`, score));
    expect(relatedPassages(found, THRESHOLD).map((listed) => listed.id)).toEqual(['p4', 'p1', 'p2']);
  });

  it.each([
    [STAND_IN, /found no sentence in them it could quote as the answer:$/u],
    [CLAUDE, /Claude found no answer to it in them:$/u],
  ])('lists the passages the generator was given when it found no answer (%o)', (generator, summary) => {
    const context = [scored('given', 0.5)];
    const explanation = explainRefusal({ reason: 'model_reported_no_answer', generator, context });
    expect(explanation.summary).toMatch(summary);
    expect(explanation.related).toEqual([context[0]?.passage]);
    expect(`${explanation.summary} ${explanation.nextStep}`).not.toMatch(SAYS_NO);
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
    ['connection', /No connection to Claude/, true, false],
    ['timeout', /did not answer in time/, true, false],
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
