import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Citation, Passage } from '../../src/types';
import { verify } from '../../src/verify';
import { extractFigures } from '../../src/verify/figures';
import { checkQuote } from '../../src/verify/quotes';

const passage = (id: string, text: string): Passage => ({ id, file: 'a.md', line: 1, trail: ['A'], text });
const ONE = passage('a#one', 'Overdue items cost 0.50 BOB per item per day, capped at 20.00 BOB per item.');
const TWO = passage('a#two', '| Item type | Loan period |\n|---|---|\n| DVDs and Blu-ray | 7 days |');
const context = [ONE, TWO];
const corpusIds = new Set(['a#one', 'a#two', 'b#three']);
const reply = (answer: string, citations: Citation[]) => ({ answered: true, answer, citations });
const cite = (id: string, quote?: string): Citation => (quote === undefined ? { id } : { id, quote });
const v2 = { context, corpusIds, quotesRequired: true };
const v1 = { context, corpusIds, quotesRequired: false };

describe('verify: citations', () => {
  it('accepts an answer citing only passages from its context, each once', () => {
    const verdict = verify({ reply: reply('x', [cite('a#one'), cite(' a#one'), cite('a#two')]), ...v1 });
    expect(verdict).toEqual({ ok: true, citations: ['a#one', 'a#two'], quotes: [] });
  });

  it('refuses an empty answer as unparseable', () => {
    expect(verify({ reply: reply(' \n', [cite('a#one')]), ...v1 })).toMatchObject({
      reason: 'unparseable_response',
    });
  });

  it.each([[[]], [[cite('')]], [[cite(' '), cite('')]]])(
    'refuses an answer with no real citation (%j)',
    (citations) => {
      expect(verify({ reply: reply('x', citations), ...v1 })).toMatchObject({ reason: 'missing_citation' });
    },
  );

  it('refuses an id that exists nowhere', () => {
    const verdict = verify({ reply: reply('x', [cite('a#one'), cite('z#nine')]), ...v1 });
    expect(verdict).toMatchObject({
      ok: false,
      reason: 'fabricated_citation',
      detail: 'cites "z#nine"; the context held a#one, a#two',
    });
  });

  it('refuses an id from the corpus that was not in this context, and says so', () => {
    const verdict = verify({ reply: reply('x', [cite('b#three')]), ...v1 });
    expect(!verdict.ok && verdict.detail).toContain('"b#three" (in the corpus, not in this context)');
  });

  it('refuses an id outside the context even without the corpus to compare with', () => {
    const verdict = verify({ reply: reply('x', [cite('b#three')]), context, quotesRequired: false });
    expect(verdict).toMatchObject({ reason: 'fabricated_citation' });
  });
});

describe('verify: quotes', () => {
  it('accepts a verbatim quote, and returns it with its passage', () => {
    const quote = 'capped at 20.00 BOB per item';
    const verdict = verify({ reply: reply('The cap is 20.00 BOB per item.', [cite('a#one', quote)]), ...v2 });
    expect(verdict).toEqual({ ok: true, citations: ['a#one'], quotes: [{ id: 'a#one', quote }] });
  });

  it('requires a quote for every citation under prompt v2, and names the citation', () => {
    const verdict = verify({ reply: reply('x', [cite('a#one')]), ...v2 });
    expect(verdict).toMatchObject({
      reason: 'unsupported_quote',
      detail: 'the citation of a#one has no quote',
    });
  });

  it('checks a quote given under prompt v1 too', () => {
    expect(verify({ reply: reply('x', [cite('a#one', 'DVDs cost nothing at all')]), ...v1 })).toMatchObject({
      reason: 'unsupported_quote',
    });
  });

  it('refuses a quote from another passage of the context, and says where it is', () => {
    const verdict = verify({
      reply: reply('7 days.', [cite('a#one', '| DVDs and Blu-ray | 7 days |')]),
      ...v2,
    });
    expect(verdict).toMatchObject({
      ok: false,
      reason: 'unsupported_quote',
      failed: {
        kind: 'quote',
        id: 'a#one',
        quote: '| DVDs and Blu-ray | 7 days |',
        checkedAgainst: ['a#one'],
      },
    });
    expect(!verdict.ok && verdict.detail).toContain('it is in a#two');
  });

  it('refuses a paraphrase, and a quote too short to show anything', () => {
    const paraphrase = verify({
      reply: reply('x', [cite('a#one', 'late items cost half a BOB a day')]),
      ...v2,
    });
    expect(!paraphrase.ok && paraphrase.detail).toMatch(/nor in any passage given/);
    const short = verify({ reply: reply('x', [cite('a#one', 'per item')]), ...v2 });
    expect(!short.ok && short.detail).toMatch(/too short/);
  });
});

describe('verify: figures', () => {
  it('accepts figures the cited passages hold, however they are written', () => {
    const answer = 'It is 0.5 BOB a day, up to 20 BOB; DVDs go for seven days.';
    const citations = [
      cite('a#one', 'Overdue items cost 0.50 BOB per item per day'),
      cite('a#two', 'DVDs and Blu-ray | 7 days'),
    ];
    expect(verify({ reply: reply(answer, citations), ...v2 }).ok).toBe(true);
  });

  it.each([
    ['a wrong amount', 'Overdue items cost 0.75 BOB a day.', '0.75 BOB'],
    ['a swapped unit', 'The charge is capped at 20.00 BOB per item, for 7 weeks.', '7 weeks'],
  ])('refuses %s, naming the figure and the passages checked', (_name, answer, figure) => {
    const verdict = verify({ reply: reply(answer, [cite('a#one', 'capped at 20.00 BOB per item')]), ...v2 });
    expect(verdict).toMatchObject({
      reason: 'ungrounded_figure',
      failed: { kind: 'figure', figure, checkedAgainst: ['a#one'] },
    });
  });

  it('looks for figures only in the passages cited, not in the rest of the context', () => {
    const verdict = verify({
      reply: reply('DVDs: 7 days.', [cite('a#one', 'capped at 20.00 BOB per item')]),
      ...v2,
    });
    expect(verdict).toMatchObject({ reason: 'ungrounded_figure' });
  });
});

describe('verify: any reply', () => {
  const texts = context.map((p) => p.text);
  const citation = fc.record({
    id: fc.constantFrom('a#one', 'a#two', 'b#three', ''),
    quote: fc.oneof(
      fc.string(),
      fc.constantFrom('capped at 20.00 BOB per item', '| DVDs and Blu-ray | 7 days |'),
    ),
  });
  const answer = fc.oneof(
    fc.string(),
    fc.constantFrom('0.50 BOB', '7 days', '9 weeks', '3 BOB', 'seven days, 20 BOB'),
  );

  it('never passes a quote absent from its passage or a figure absent from its cited passages', () => {
    fc.assert(
      fc.property(answer, fc.array(citation, { maxLength: 3 }), (text, citations) => {
        const verdict = verify({ reply: reply(text, citations), ...v2 });
        if (!verdict.ok) return;
        const cited = verdict.citations.map((id) => context.find((p) => p.id === id) as Passage);
        for (const { id, quote } of verdict.quotes) {
          expect(checkQuote(quote, (context.find((p) => p.id === id) as Passage).text).found).toBe(true);
        }
        const heldValues = new Set(
          cited.flatMap((p) => extractFigures(p.text)).map((figure) => figure.value),
        );
        for (const figure of extractFigures(text)) expect(heldValues.has(figure.value)).toBe(true);
        expect(texts.length).toBe(2);
      }),
      { numRuns: 500 },
    );
  });
});
