import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkQuote, MIN_QUOTE_WORDS, normaliseForQuote, quoteWordCount } from '../../src/text/quotes';

const LOANS = `How long you can borrow an item depends on its type.

| Item type        | Loan period | Renewals |
| ---------------- | ----------- | -------- |
| DVDs and Blu-ray | 7 days      | 1        |

A **renewal** adds one full loan period — counted from the member's renewal day.`;

describe('checkQuote', () => {
  it('finds a sentence copied exactly', () => {
    const sentence = 'How long you can borrow an item depends on its type.';
    const start = LOANS.indexOf(sentence);
    expect(checkQuote(sentence, LOANS)).toEqual({ found: true, span: [start, start + sentence.length] });
  });

  it('finds a table row, with or without its pipes and padding', () => {
    expect(checkQuote('| DVDs and Blu-ray | 7 days | 1 |', LOANS).found).toBe(true);
    expect(checkQuote('DVDs and Blu-ray 7 days 1', LOANS).found).toBe(true);
  });

  it('ignores case, white space, emphasis, typographic quotes and dashes', () => {
    const quote = 'a  renewal adds ONE full loan period - counted from the member’s renewal day';
    expect(checkQuote(quote, LOANS).found).toBe(true);
  });

  it.each([
    ['a paraphrase', 'DVDs can be borrowed for one week'],
    ['one word changed', 'How long you can borrow an item depends on its size.'],
    ['a figure changed', '| DVDs and Blu-ray | 7 weeks | 1 |'],
    ['words from two places glued together', 'depends on its type. A renewal adds'],
  ])('does not find %s', (_name, quote) => {
    expect(checkQuote(quote, LOANS)).toEqual({ found: false, why: 'not_in_passage' });
  });

  it('does not find a quote cut inside a word', () => {
    expect(checkQuote('counted from the mem', LOANS).found).toBe(false);
    expect(checkQuote('A renewal adds one full loan peri', LOANS).found).toBe(false);
    expect(checkQuote('counted from the member’s', LOANS).found).toBe(true);
  });

  it('does not find a quote that begins inside a word', () => {
    const fees = 'Overdue items cost 0.50 BOB per item per day.';
    expect(checkQuote('verdue items cost 0.50 BOB', fees)).toEqual({ found: false, why: 'not_in_passage' });
    expect(checkQuote('Overdue items cost 0.50 BOB', fees)).toEqual({ found: true, span: [0, 27] });
  });

  it('finds a quote whose typographic double quotes were typed straight, and the other way round', () => {
    const rule = 'Items marked \u201creference only\u201d stay in the building \u201e until closing\u201f.';
    expect(checkQuote('marked "reference only" stay in the building " until closing"', rule).found).toBe(
      true,
    );
    expect(checkQuote('Say \u2033stop\u2033 twice', 'Say "stop" twice.').found).toBe(true);
    expect(normaliseForQuote('\u201ca\u201d \u201eb\u201f \u2033c\u2033')).toBe('"a" "b" "c"');
  });

  it('does not let a quote run from one table row into the next, or from the header into a row', () => {
    const table = '| Item | Loan | Renewals |\n|---|---|---|\n| Books | 21 days | 3 |\n| DVDs | 7 days | 1 |';
    expect(checkQuote('Renewals | Books | 21 days', table).found).toBe(false);
    expect(checkQuote('21 days 3 DVDs 7 days', table).found).toBe(false);
    expect(checkQuote('| Books | 21 days | 3 |', table).found).toBe(true);
    expect(checkQuote('| Books | 21 days | 3 |\n| DVDs | 7 days | 1 |', table).found).toBe(true);
  });

  it('counts words as white space separates them, so a time and a preposition are two', () => {
    expect(checkQuote('9:00 to', 'Open 9:00 to 20:00.')).toEqual({ found: false, why: 'too_short' });
    expect(checkQuote('9:00 to 20:00', 'Open 9:00 to 20:00.').found).toBe(true);
  });

  it('counts no words in a quote of white space and punctuation alone', () => {
    expect(quoteWordCount('')).toBe(0);
    expect(quoteWordCount(' — … | ')).toBe(0);
    expect(quoteWordCount('— 9:00 to 20:00 —')).toBe(3);
  });

  it(`refuses a quote of fewer than ${MIN_QUOTE_WORDS} words, which would prove nothing`, () => {
    expect(checkQuote('7 days', LOANS)).toEqual({ found: false, why: 'too_short' });
    expect(checkQuote('  ', LOANS)).toEqual({ found: false, why: 'too_short' });
  });

  it('keeps an underscore inside a word, which is not emphasis', () => {
    expect(normaliseForQuote('set max_items to _five_')).toBe('set max_items to five');
    expect(normaliseForQuote('_five_ items\nor _ten_')).toBe('five items or ten');
  });

  it('reads white space at the start, the end and across lines as one space between words', () => {
    expect(normaliseForQuote('  Loans end\n\n at closing  time. \n')).toBe('loans end at closing time.');
    expect(checkQuote('Loans end at closing time', 'Loans end\nat closing time.')).toEqual({
      found: true,
      span: [0, 25],
    });
  });

  it('folds every typographic single quote and prime to an apostrophe', () => {
    expect(normaliseForQuote('\u2018a\u2019 \u201ab\u201b c\u2032')).toBe("'a' 'b' c'");
  });

  it('marks the end of every table row, and drops the separator row, however it is written', () => {
    expect(normaliseForQuote('| a | b |\n|---|---|\n| c | d |')).toBe('a b \u2016 c d \u2016');
    for (const separator of ['| --- | --- |', '|:---|---:|', '| :---: | :-- |  ', '--- | ---', ' |---|']) {
      expect(normaliseForQuote(`| a | b |\n${separator}\n| c | d |`)).toBe('a b \u2016 c d \u2016');
    }
    expect(normaliseForQuote('Item | Loan\n--- | ---\nBooks | 21 days')).toBe('item loan books 21 days');
  });

  it('does not take a line that merely holds a pipe or ends in a dash for part of a table', () => {
    const hours = 'Saturdays: 10:00 to 16:00\nSundays: -\neither|or will do\nHolidays: closed\n- Books';
    expect(normaliseForQuote(hours)).toBe(
      'saturdays: 10:00 to 16:00 sundays: - either or will do holidays: closed - books',
    );
    expect(checkQuote('Sundays: - either|or will', hours).found).toBe(true);
  });

  it('finds a quote that begins with an empty table row, as the rows after it', () => {
    const rows = '| DVDs | 7 days | 1 |\n| Books | 21 days | 3 |';
    expect(checkQuote('| |\n| DVDs | 7 days | 1 |', rows).found).toBe(true);
  });

  it('finds a row quoted with its closing pipe in a table written without one', () => {
    expect(checkQuote('| DVDs | 7 days | 1 |', '| Item | Loan | Renewals\n| DVDs | 7 days | 1').found).toBe(
      true,
    );
  });

  describe('Markdown a reader does not see', () => {
    const DOCS = [
      'Use [`AsyncResource`](async_context.md#class-asyncresource) for a [`Worker`][] pool, or see',
      'the [pool guide][guide] and ![a diagram](pool.png "Pools") below.',
      '',
      '> Use Preact on both the server',
      '> as well as on the client.',
    ].join('\n');

    it.each([
      ['an inline link', 'Use AsyncResource for a Worker pool'],
      ['a reference link, full and collapsed', 'or see the pool guide and'],
      ['an image with a title', 'and a diagram below'],
      ['a block quote across its lines', 'Preact on both the server as well as on the client.'],
    ])('finds the text of %s as a reader sees it', (_name, quote) => {
      expect(checkQuote(quote, DOCS).found).toBe(true);
    });

    it('finds a quote written with the Markdown too, and marks the whole link in the passage', () => {
      const quote = 'for a [`Worker`][] pool';
      const check = checkQuote(quote, DOCS);
      expect(check.found && DOCS.slice(...check.span)).toBe('for a [`Worker`][] pool');
      const inline = checkQuote('Use [`AsyncResource`](async_context.md#class-asyncresource) for', DOCS);
      expect(inline.found).toBe(true);
    });

    it.each([
      [
        'words typed into an empty link',
        'The fine is [][not] 10 cents per day',
        'The fine is 10 cents per day.',
      ],
      ['words typed as a link target', 'Loans are [](not) renewed twice', 'Loans are renewed twice.'],
      ['words typed as a reference', 'Loans [are][ never] renewed twice', 'Loans are renewed twice.'],
      ['another index in code', 'Set grid[0][2] to zero', 'Set grid[0][1] to zero.'],
      [
        'another link target',
        '[Download](https://evil.example/x) the installer now',
        '[Download](https://good.example/) the installer now.',
      ],
      [
        'brackets left out of the text',
        'returns when the list is empty',
        'It returns [] when the list is empty.',
      ],
      ['a block quote marker in place of a word', '> 10 items are fined', 'Under 10 items are fined.'],
    ])('does not find a quote with %s', (_name, quote, passage) => {
      expect(checkQuote(quote, passage).found).toBe(false);
    });

    it('still finds no quote whose link text or words were changed', () => {
      expect(checkQuote('Use AsyncLocalStorage for a Worker pool', DOCS).found).toBe(false);
      expect(checkQuote('for a Worker thread pool', DOCS).found).toBe(false);
      // A link's target is not its text: the words of a URL are no quote.
      expect(checkQuote('async context md class asyncresource', DOCS).found).toBe(false);
    });

    it('counts a link as the words of its text', () => {
      expect(quoteWordCount('[the pool guide](https://example.org/pools/guide)')).toBe(3);
      expect(quoteWordCount('> one two')).toBe(2);
    });
  });

  it('finds any span of three or more words of any text in that text', () => {
    // Brackets, parentheses and > too: a quote's own Markdown is compared as written, never stripped.
    const word = fc.stringMatching(/^[A-Za-z0-9[\]()>]{0,3}[A-Za-z0-9]{1,5}$/u);
    fc.assert(
      fc.property(fc.array(word, { minLength: 3, maxLength: 30 }), fc.nat(), fc.nat(), (words, a, b) => {
        const start = a % (words.length - 2);
        const end = start + 3 + (b % (words.length - start - 2));
        const text = words.join(' ');
        expect(checkQuote(words.slice(start, end).join(' '), text).found).toBe(true);
      }),
    );
  });
});

describe('checkQuote: where the quote stands', () => {
  const spanOf = (quote: string) => {
    const check = checkQuote(quote, LOANS);
    return check.found ? check.span : undefined;
  };

  it('maps a normalised match back to the original text', () => {
    const [start, end] = spanOf('a renewal adds ONE full loan period') as [number, number];
    expect(LOANS.slice(start, end)).toBe('A **renewal** adds one full loan period');
  });

  it('locates a quote at the very start of its passage', () => {
    expect(spanOf('how long you can')).toEqual([0, 16]);
  });

  it('locates a table row by its cells', () => {
    const [start, end] = spanOf('DVDs and Blu-ray 7 days') as [number, number];
    expect(LOANS.slice(start, end)).toBe('DVDs and Blu-ray | 7 days');
  });

  it('maps back past a character NFKC writes in two UTF-16 units where it was one', () => {
    // U+FAD7, a CJK compatibility ideograph, is U+27ED3 after NFKC: one unit as written, two normalised.
    const text = '\ufad7 rules. DVDs are lent for 7 days.';
    const check = checkQuote('DVDs are lent for 7 days', text);
    expect(check.found && text.slice(...check.span)).toBe('DVDs are lent for 7 days');
  });

  it('gives no span for an absent quote', () => {
    expect(spanOf('a renewal adds one full week of loan')).toBeUndefined();
  });
});
