import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verify } from '../../src/ask/verify';
import type { Citation, Passage } from '../../src/types';
import { FUZZ_PARAMETERS, FUZZ_TIMEOUT } from '../helpers/fuzz-runs';
import { nfkcResized } from '../helpers/nfkc-resized';

const passage = (id: string, text: string): Passage => ({ id, file: 'a.md', line: 1, trail: ['A'], text });
const ONE = passage('a#one', 'Overdue items cost 0.50 BOB per item per day, capped at 20.00 BOB per item.');
const TWO = passage('a#two', '| Item type | Loan period |\n|---|---|\n| DVDs and Blu-ray | 7 days |');
const context = [ONE, TWO];
const corpusIds = new Set(['a#one', 'a#two', 'b#three']);
const reply = (answer: string, citations: Citation[]) => ({ answered: true, answer, citations });
const cite = (id: string, quote?: string): Citation => (quote === undefined ? { id } : { id, quote });
const v3 = { context, corpusIds, quotesRequired: true, figuresInQuotes: true };
const v2 = { context, corpusIds, quotesRequired: true, figuresInQuotes: false };
const v1 = { context, corpusIds, quotesRequired: false, figuresInQuotes: false };

describe('verify: citations', () => {
  it('accepts an answer citing only passages from its context, each once', () => {
    const verdict = verify({ reply: reply('x', [cite('a#one'), cite(' a#one'), cite('a#two')]), ...v1 });
    expect(verdict).toEqual({ ok: true, citations: ['a#one', 'a#two'], quotes: [] });
  });

  it.each([[' \n'], ['…'], ['—'], ['\u200b']])(
    'refuses an answer with no words (%j) as unparseable',
    (answer) => {
      expect(verify({ reply: reply(answer, [cite('a#one')]), ...v1 })).toMatchObject({
        reason: 'unparseable_response',
      });
    },
  );

  it('refuses an empty answer as unparseable, saying the answer is empty', () => {
    expect(verify({ reply: reply(' \n', [cite('a#one')]), ...v1 })).toEqual({
      ok: false,
      reason: 'unparseable_response',
      detail: 'the reply claims an answer but the answer is empty',
    });
  });

  it('refuses an answer with no citation, saying it cites nothing', () => {
    expect(verify({ reply: reply('x', []), ...v1 })).toEqual({
      ok: false,
      reason: 'missing_citation',
      detail: 'the reply claims an answer but cites no passage',
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

  it('names every id cited from outside the context', () => {
    const verdict = verify({ reply: reply('x', [cite('z#nine'), cite('a#one'), cite('b#three')]), ...v1 });
    expect(!verdict.ok && verdict.detail).toBe(
      'cites "z#nine", "b#three" (in the corpus, not in this context); the context held a#one, a#two',
    );
  });

  it('refuses an id from the corpus that was not in this context, and says so', () => {
    const verdict = verify({ reply: reply('x', [cite('b#three')]), ...v1 });
    expect(!verdict.ok && verdict.detail).toContain('"b#three" (in the corpus, not in this context)');
  });

  it('refuses an id outside the context even without the corpus to compare with', () => {
    const verdict = verify({
      reply: reply('x', [cite('b#three')]),
      context,
      quotesRequired: false,
      figuresInQuotes: false,
    });
    expect(verdict).toMatchObject({ reason: 'fabricated_citation' });
  });
});

describe('verify: quotes', () => {
  it('accepts a verbatim quote, and returns it with its passage and where it stands there', () => {
    const quote = 'capped at 20.00 BOB per item';
    const verdict = verify({ reply: reply('The cap is 20.00 BOB per item.', [cite('a#one', quote)]), ...v2 });
    const start = ONE.text.indexOf(quote);
    expect(verdict).toEqual({
      ok: true,
      citations: ['a#one'],
      quotes: [{ id: 'a#one', quote, span: [start, start + quote.length] }],
    });
  });

  it('refuses a citation with no quote under prompt v2, naming the citation', () => {
    const verdict = verify({ reply: reply('x', [cite('a#one')]), ...v2 });
    expect(verdict).toEqual({
      ok: false,
      reason: 'unsupported_quote',
      detail: 'the citation of a#one has no quote',
      failed: { kind: 'quote', id: 'a#one', quote: '', checkedAgainst: ['a#one'] },
    });
  });

  it('a second citation of the same passage with an invented quote is refused', () => {
    const citations = [
      cite('a#one', 'capped at 20.00 BOB per item'),
      cite('a#one', 'renewals are free of charge'),
    ];
    const verdict = verify({ reply: reply('The cap is 20.00 BOB per item.', citations), ...v2 });
    expect(verdict).toMatchObject({
      ok: false,
      reason: 'unsupported_quote',
      failed: { kind: 'quote', id: 'a#one', quote: 'renewals are free of charge' },
    });
  });

  it('returns a quote cited twice once', () => {
    const quote = 'capped at 20.00 BOB per item';
    const verdict = verify({
      reply: reply('The cap is 20.00 BOB per item.', [cite('a#one', quote), cite(' a#one', quote)]),
      ...v2,
    });
    const start = ONE.text.indexOf(quote);
    expect(verdict).toEqual({
      ok: true,
      citations: ['a#one'],
      quotes: [{ id: 'a#one', quote, span: [start, start + quote.length] }],
    });
  });

  it('returns two different quotes of one passage, each checked', () => {
    const first = 'Overdue items cost 0.50 BOB';
    const second = 'capped at 20.00 BOB per item';
    const verdict = verify({
      reply: reply('0.50 BOB a day, up to 20.00 BOB.', [cite('a#one', first), cite('a#one', second)]),
      ...v2,
    });
    expect(verdict).toEqual({
      ok: true,
      citations: ['a#one'],
      quotes: [
        { id: 'a#one', quote: first, span: [0, first.length] },
        {
          id: 'a#one',
          quote: second,
          span: [ONE.text.indexOf(second), ONE.text.indexOf(second) + second.length],
        },
      ],
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
    expect(!verdict.ok && verdict.detail).toBe(
      'the quote "| DVDs and Blu-ray | 7 days |" cited as a#one is not in a#one (it is in a#two)',
    );
  });

  it('names every other passage of the context that holds the quote', () => {
    const copy = passage('a#copy', TWO.text);
    const verdict = verify({
      reply: reply('7 days.', [cite('a#one', 'DVDs and Blu-ray | 7 days')]),
      context: [ONE, TWO, copy],
      quotesRequired: true,
      figuresInQuotes: true,
    });
    expect(!verdict.ok && verdict.detail).toBe(
      'the quote "DVDs and Blu-ray | 7 days" cited as a#one is not in a#one (it is in a#two, a#copy)',
    );
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

  it('names the figure and every cited passage it was looked for in', () => {
    const citations = [
      cite('a#one', 'capped at 20.00 BOB per item'),
      cite('a#two', 'DVDs and Blu-ray | 7 days'),
    ];
    const verdict = verify({ reply: reply('DVDs: 7 days, or 9 BOB.', citations), ...v2 });
    expect(verdict).toEqual({
      ok: false,
      reason: 'ungrounded_figure',
      detail: 'the answer states "9 BOB", which none of the cited passages (a#one, a#two) holds',
      failed: { kind: 'figure', figure: '9 BOB', checkedAgainst: ['a#one', 'a#two'] },
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
  // Ground truth written by hand, apart from the code under test: the figures each passage states.
  const STATED: Record<string, ReadonlyArray<readonly [number, string]>> = {
    'a#one': [
      [0.5, 'BOB'],
      [20, 'BOB'],
    ],
    'a#two': [[7, 'days']],
  };
  const QUOTE: Record<string, string> = {
    'a#one': 'capped at 20.00 BOB per item',
    'a#two': 'DVDs and Blu-ray | 7 days',
  };
  const unit = fc.constantFrom('BOB', 'days', 'weeks', 'items', 'requests');
  const cited = fc.subarray(['a#one', 'a#two'], { minLength: 1 });

  it('passes a figure if and only if a cited passage states it, with its unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), unit, cited, (value, name, ids) => {
        const answer = `It is ${value} ${name}.`;
        const verdict = verify({
          reply: reply(
            answer,
            ids.map((id) => cite(id, QUOTE[id])),
          ),
          ...v2,
        });
        const stated = ids.some((id) => (STATED[id] ?? []).some(([v, u]) => v === value && u === name));
        expect(verdict.ok).toBe(stated);
        if (!verdict.ok) expect(verdict.reason).toBe('ungrounded_figure');
      }),
      { numRuns: 400 },
    );
  });

  it('never passes a quote with one word changed', () => {
    const words = ONE.text.split(' ');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: words.length - 3 }),
        fc.integer({ min: 3, max: 6 }),
        fc.nat(),
        fc.stringMatching(/^[a-z]{2,9}$/u),
        (start, length, which, replacement) => {
          const span = words.slice(start, start + length);
          const position = which % span.length;
          fc.pre(span[position]?.toLowerCase() !== replacement);
          const exact = verify({ reply: reply('See the passage.', [cite('a#one', span.join(' '))]), ...v2 });
          expect(exact.ok).toBe(true);
          span[position] = replacement;
          const changed = verify({
            reply: reply('See the passage.', [cite('a#one', span.join(' '))]),
            ...v2,
          });
          expect(changed).toMatchObject({ ok: false, reason: 'unsupported_quote' });
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('verify: figures inside the quotes (prompt v3)', () => {
  const LOANS = passage(
    'b#loans',
    'Loans by type:\n\n| Item type | Loan period |\n|---|---|\n| Magazines | 14 days |\n| DVDs and Blu-ray | 7 days |',
  );
  const loans = { context: [LOANS], corpusIds, quotesRequired: true };
  const dvdRow = cite('b#loans', '| DVDs and Blu-ray | 7 days |');

  it('refuses a figure of the cited passage that stands outside every quote', () => {
    const verdict = verify({
      reply: reply('You can borrow a DVD for 14 days.', [dvdRow]),
      ...loans,
      figuresInQuotes: true,
    });
    expect(verdict).toMatchObject({
      ok: false,
      reason: 'ungrounded_figure',
      detail: 'the answer states "14 days", which none of the quotes of the cited passages (b#loans) holds',
      failed: { kind: 'figure', figure: '14 days', checkedAgainst: ['b#loans'] },
    });
  });

  it("reads each passage's figures inside that passage's own quotes, never another's", () => {
    // The DVD quote spans the first 24 characters of its passage; the same span of the magazines
    // passage says "14 days", which no quote of that passage holds.
    const dvds = passage('c#dvds', 'DVDs and Blu-ray: 7 days to borrow.');
    const magazines = passage('c#magazines', 'Magazines go for 14 days. Ask staff to renew them.');
    const verdict = verify({
      reply: reply('Magazines go for 14 days.', [
        cite('c#dvds', 'DVDs and Blu-ray: 7 days'),
        cite('c#magazines', 'Ask staff to renew them.'),
      ]),
      context: [dvds, magazines],
      corpusIds,
      quotesRequired: true,
      figuresInQuotes: true,
    });
    expect(verdict).toMatchObject({
      ok: false,
      reason: 'ungrounded_figure',
      detail:
        'the answer states "14 days", which none of the quotes of the cited passages (c#dvds, c#magazines) holds',
    });
  });

  it('accepts the figure its quote holds (guard)', () => {
    const verdict = verify({
      reply: reply('You can borrow a DVD for 7 days.', [dvdRow]),
      ...loans,
      figuresInQuotes: true,
    });
    expect(verdict.ok).toBe(true);
  });

  it('keeps the older rule for replays of v2: the figure anywhere in the cited passage', () => {
    const verdict = verify({
      reply: reply('You can borrow a DVD for 14 days.', [dvdRow]),
      ...loans,
      figuresInQuotes: false,
    });
    expect(verdict.ok).toBe(true);
  });

  it('accepts a figure held by any one of several quotes of the passage', () => {
    const verdict = verify({
      reply: reply('Magazines 14 days, DVDs 7 days.', [dvdRow, cite('b#loans', '| Magazines | 14 days |')]),
      ...loans,
      figuresInQuotes: true,
    });
    expect(verdict.ok).toBe(true);
  });

  it('reads what a quoted figure counts in its passage, not in the cut quote', () => {
    const rooms = passage('s#rooms', 'A member can book up to 2 hours a day, and up to 7 days in advance.');
    const verdict = verify({
      reply: reply('You can book 2 rooms.', [cite('s#rooms', 'A member can book up to 2')]),
      context: [rooms],
      corpusIds,
      quotesRequired: true,
      figuresInQuotes: true,
    });
    expect(verdict).toMatchObject({ ok: false, reason: 'ungrounded_figure' });
  });

  it('refuses a figure from outside the quote however many characters NFKC widens before it (issue 35)', () => {
    // Each "…" is "..." after NFKC: read in the widened text, "14 days" stood where the DVD quote stands
    // in the text as written, and was credited to it.
    const rules = passage(
      'r#rules',
      'Our loan rules… in short… read them… carefully… please… Magazines are lent for 14 days. DVDs and Blu-ray discs are lent for 7 days…',
    );
    const asked = (answer: string) =>
      verify({
        reply: reply(answer, [cite('r#rules', 'DVDs and Blu-ray discs are lent for 7 days')]),
        context: [rules],
        corpusIds,
        quotesRequired: true,
        figuresInQuotes: true,
      });
    expect(asked('DVDs can be borrowed for 14 days')).toMatchObject({
      ok: false,
      reason: 'ungrounded_figure',
      failed: { kind: 'figure', figure: '14 days' },
    });
    expect(asked('DVDs can be borrowed for 7 days').ok).toBe(true);
  });

  it('refuses under v3 what v3 finds in a quote of another cited passage only when no quote holds it', () => {
    const verdict = verify({
      reply: reply('The cap is 20.00 BOB.', [cite('a#one', 'Overdue items cost 0.50 BOB per item per day')]),
      ...v3,
    });
    expect(verdict).toMatchObject({ ok: false, reason: 'ungrounded_figure' });
    const whole = verify({
      reply: reply('The cap is 20.00 BOB.', [cite('a#one', 'capped at 20.00 BOB per item')]),
      ...v3,
    });
    expect(whole.ok).toBe(true);
  });
});

describe('verify: figures and quotes in one text, whatever NFKC resizes', () => {
  // Filler around and inside the quoted sentences: characters NFKC widens or narrows, glued to words as a
  // writer would ("rules…", "ﬁnd"). Each loan sentence has its own figure, so an answer stating it is
  // held by a quote exactly when the quote takes in that sentence.
  const filler = fc
    .array(fc.oneof(fc.constantFrom(...nfkcResized()), fc.constantFrom('rules', 'in short', 'please')), {
      maxLength: 6,
    })
    .map((pieces) => ` ${pieces.join('')} `);
  const sentence = (days: number, inside: string) => `Books${inside}are lent for ${days} days.`;
  const loans = fc
    .uniqueArray(fc.integer({ min: 1000, max: 9999 }), { minLength: 2, maxLength: 5 })
    .chain((values) =>
      fc.record({
        values: fc.constant(values),
        inside: fc.array(filler, { minLength: values.length, maxLength: values.length }),
        between: fc.array(filler, { minLength: values.length + 1, maxLength: values.length + 1 }),
        first: fc.nat({ max: values.length - 1 }),
        count: fc.nat({ max: values.length - 1 }),
      }),
    );

  it('credits a figure exactly when it stands inside the quote, whatever NFKC resizes before it', {
    timeout: FUZZ_TIMEOUT,
  }, () => {
    fc.assert(
      fc.property(loans, ({ values, inside, between, first, count }) => {
        let text = between[0] as string;
        const starts: number[] = [];
        const ends: number[] = [];
        values.forEach((days, at) => {
          starts.push(text.length);
          text += sentence(days, inside[at] as string);
          ends.push(text.length);
          text += between[at + 1] as string;
        });
        const last = Math.min(first + count, values.length - 1);
        const quote = text.slice(starts[first], ends[last]);
        const rules = passage('r#rules', text);
        values.forEach((days, at) => {
          const verdict = verify({
            reply: reply(`Books are lent for ${days} days.`, [cite('r#rules', quote)]),
            context: [rules],
            quotesRequired: true,
            figuresInQuotes: true,
          });
          if (at >= first && at <= last) expect(verdict).toMatchObject({ ok: true });
          else expect(verdict).toMatchObject({ ok: false, reason: 'ungrounded_figure' });
        });
      }),
      FUZZ_PARAMETERS,
    );
  });
});

describe('verify: counts in number words the verifier cannot read (issue 35)', () => {
  const dvdQuote = cite('a#two', '| DVDs and Blu-ray | 7 days |');
  it.each([
    ['Los DVD se prestan por catorce días.', 'días'],
    ['DVD выдаются на четырнадцать дней.', 'дней'],
    ['Οι δίσκοι δανείζονται για δεκατέσσερις ημέρες.', 'ημέρες'],
  ])('refuses %j as unverifiable, naming the unit it counts', (answer, unit) => {
    expect(verify({ reply: reply(answer, [dvdQuote]), ...v3 })).toMatchObject({
      ok: false,
      reason: 'ungrounded_figure',
      detail: expect.stringContaining(`counts "${unit}" in words the verifier cannot read`),
    });
  });

  it('reads a count in digits beside such a unit as a figure, checked as any other (7 días counts no "days" the quote holds)', () => {
    expect(verify({ reply: reply('DVD: 7 días.', [dvdQuote]), ...v3 })).toMatchObject({ ok: false });
    expect(verify({ reply: reply('DVDs: 14 days (14 días).', [dvdQuote]), ...v3 })).toMatchObject({
      ok: false,
      reason: 'ungrounded_figure',
    });
  });

  it('passes an English answer, and one with letters outside ASCII that counts nothing', () => {
    expect(verify({ reply: reply('DVDs are lent for 7 days.', [dvdQuote]), ...v3 })).toMatchObject({
      ok: true,
    });
    expect(
      verify({ reply: reply('DVDs — the café’s too — are lent for 7 days.', [dvdQuote]), ...v3 }),
    ).toMatchObject({
      ok: true,
    });
  });
});
