import { describe, expect, it } from 'vitest';
import { stripCourtesy } from '../../src/text/courtesy';
import { measure, stem } from '../../src/text/stem';
import { contentWords, termOf, tokenize, tokensOf, words, wordsOf } from '../../src/text/tokenize';

describe('stem', () => {
  // The one property that matters: a question and the passage answering it fold the same way.
  it.each([
    ['expires', 'expire', 'expired', 'expiry'],
    ['borrowing', 'borrow', 'borrowed', 'borrows'],
    ['renewals', 'renewal', 'renew', 'renewing', 'renewed'],
    ['charges', 'charge', 'charged'],
    ['libraries', 'library'],
    ['replacement', 'replacing', 'replace'],
    ['studies', 'study'],
    ['stopped', 'stopping', 'stop'],
    ['bookable', 'booking', 'book'],
    // A form with one suffix more than its relatives needs one strip more.
    ['appealing', 'appeal', 'appeals', 'appealed'],
    ['generally', 'general'],
    // A plural in "ies" is read as a word in "y" ("libraries"), and a word in "ie" meets its own plural.
    ['movies', 'movie'],
    ['cookies', 'cookie'],
    // British spelling doubles a final "l" before a suffix.
    ['cancelled', 'cancelling', 'cancel', 'cancels'],
    ['travelled', 'travel'],
    ['labelled', 'label'],
  ])('folds %s and its relatives to one term', (...forms) => {
    expect(new Set(forms.map(stem)).size).toBe(1);
  });

  it('keeps apart words that only share a beginning', () => {
    expect(stem('card')).not.toBe(stem('cart'));
    expect(stem('hold')).not.toBe(stem('hour'));
  });

  it('strips "al" and "er" only after two vowel–consonant runs: they end many words they are no suffix of', () => {
    // Stripped until none was left, "appeal" became the library's "app", and "reveal" met "reversed".
    expect(stem('appeal')).not.toBe(stem('app'));
    expect(stem('revealed')).not.toBe(stem('reversed'));
    expect(stem('order')).toBe('order');
    expect(stem('paper')).toBe('paper');
    // Where a real suffix is, it still goes.
    expect(stem('borrower')).toBe(stem('borrow'));
    expect(stem('renewal')).toBe(stem('renew'));
  });

  it('measures a stem as Porter does: vowel–consonant runs, "y" a vowel after a consonant', () => {
    expect(['tr', 'ee', 'tree', 'by'].map(measure)).toEqual([0, 0, 0, 0]);
    expect(['trouble', 'oats', 'app', 'appe', 'ivy'].map(measure)).toEqual([1, 1, 1, 1, 1]);
    expect(['troubles', 'private', 'renew', 'oaten'].map(measure)).toEqual([2, 2, 2, 2]);
  });

  it('leaves short words, numbers and word-final doubles alone', () => {
    expect(stem('day')).toBe('day');
    expect(stem('20.00')).toBe('20.00');
    expect(stem('class')).toBe('class');
    expect(stem('call')).toBe('call');
    expect(stem('called')).toBe('call');
    expect(stem('spell')).toBe('spell');
    expect(stem('status')).toBe('status');
  });
});

describe('tokenize', () => {
  it('drops stopwords and question words, stems the rest', () => {
    expect(tokenize('How long can I borrow a DVD for?')).toEqual(['long', 'borrow', 'dvd']);
  });

  it('drops the function words chat types without an apostrophe, as it drops them typed with one', () => {
    expect(tokenize('whats the fine, hows it paid, wheres the desk')).toEqual(
      tokenize("what's the fine, how's it paid, where's the desk"),
    );
    expect(
      tokenize('whens it open, whos on duty, thats fine, theres a queue, ive asked, youre open'),
    ).toEqual(
      tokenize("when's it open, who's on duty, that's fine, there's a queue, i've asked, you're open"),
    );
  });

  it('keeps decimal amounts whole so they can match the same amount', () => {
    expect(tokenize('0.50 BOB per day, up to 20.00 BOB')).toEqual(['0.50', 'bob', 'day', '20.00', 'bob']);
  });

  it('folds case, accents and possessives', () => {
    expect(words("The Member's CAFÉ")).toEqual(['the', 'member', 'cafe']);
  });

  it('folds a typographic apostrophe like a straight one', () => {
    expect(tokenize('What\u2019s the DVD loan period? I\u2019ve asked.')).toEqual(
      tokenize("What's the DVD loan period? I've asked."),
    );
    expect(tokenize('What\u2019s the DVD loan period?')).toEqual(['dvd', 'loan', 'period']);
  });

  it('returns nothing for text without words', () => {
    expect(tokenize('?! -- ...')).toEqual([]);
  });
});

describe('the text model', () => {
  it('folds irregular forms to their lemma, so a question meets the passage in either form', () => {
    expect(termOf('lost')).toBe(termOf('lose'));
    expect(termOf('lost')).toBe(termOf('losing'));
    expect(termOf('kept')).toBe(termOf('keep'));
    expect(termOf('children')).toBe(termOf('child'));
    expect(termOf('paid')).toBe(termOf('pays'));
    expect(termOf('lost')).not.toBe(termOf('last'));
  });

  it('spells out negations instead of keeping a fragment like "doesn"', () => {
    expect(words("doesn't can't won't isn\u2019t")).toEqual([
      'does',
      'not',
      'can',
      'not',
      'will',
      'not',
      'is',
      'not',
    ]);
    expect(tokenize("Why doesn't my card work?")).toEqual([termOf('card'), termOf('work')]);
  });

  it('spells out "cannot" and the negations chat types without an apostrophe: "cant", "dont", "wont"', () => {
    expect(words('cannot cant dont doesnt didnt isnt arent wasnt werent wont')).toEqual(
      'can not can not do not does not did not is not are not was not were not will not'.split(' '),
    );
    expect(words('wouldnt couldnt shouldnt havent hasnt hadnt neednt Dont')).toEqual(
      'would not could not should not have not has not had not need not do not'.split(' '),
    );
    expect(tokenize('before i cant borrow')).toEqual([termOf('borrow')]);
    // Words that only end like one stay whole; so does one written as an acronym among lower case.
    expect(words('want hint mount giant')).toEqual(['want', 'hint', 'mount', 'giant']);
    expect(words('it is CANT here')).toEqual(['it', 'is', 'cant', 'here']);
  });

  it('reads a hyphenated word as the compound written solid', () => {
    expect(tokenize('an inter-library loan')).toEqual([
      termOf('interlibrary'),
      termOf('inter'),
      termOf('library'),
      'loan',
    ]);
    expect(tokenize('an interlibrary loan')).toEqual([termOf('interlibrary'), 'loan']);
    expect(words('Wi-Fi')).toEqual(words('wifi'));
    expect(tokenize('a 7-day loan')).toEqual(['7', 'day', 'loan']);
  });

  it('keeps a stopword written as an acronym in a sentence, but not in a question typed in capitals', () => {
    expect(tokenize('Can I pay in US dollars?')).toEqual(['pay', 'us', termOf('dollars')]);
    expect(tokenize('can i pay in us dollars?')).toEqual(['pay', termOf('dollars')]);
    expect(tokenize('CAN I PAY IN US DOLLARS?')).toEqual(['pay', termOf('dollars')]);
  });

  it('ignores courtesy and filler around a question', () => {
    const plain = tokenize('how long can I keep a DVD?');
    expect(
      tokenize('Hi! Could you please tell me how long I can keep a DVD? Thanks so much, cheers'),
    ).toEqual(plain);
    expect(tokenize('Hello, I was wondering how long can I keep a DVD. Kind regards')).toEqual(plain);
    expect(contentWords('do you know the hours?').map(({ word }) => word)).toEqual(['hours']);
  });

  it('blanks courtesy without moving the rest, and leaves words that merely contain it', () => {
    const text = 'Hi, what is this? Thanks';
    expect(stripCourtesy(text)).toHaveLength(text.length);
    expect(stripCourtesy(text).indexOf('what')).toBe(text.indexOf('what'));
    expect(stripCourtesy('this thanksgiving, hire a hippo')).toBe('this thanksgiving, hire a hippo');
  });
});

describe('tokensOf', () => {
  it('reads the words as wordsOf does, with marks of punctuation between them', () => {
    const text = "Doesn't the error boundary's inter-library loan (US) end?";
    const tokens = tokensOf(text);
    expect(tokens.flatMap((token) => (token.kind === 'word' ? [token.word] : []))).toEqual(wordsOf(text));
    expect(tokens.filter((token) => token.kind === 'mark').map((token) => token.written)).toEqual([
      '(',
      ')',
      '?',
    ]);
  });

  it('drops possessive tails from the word as written, keeping its capitals', () => {
    expect(tokensOf("Preact's boundary’s").map((token) => token.written)).toEqual(['Preact', 'boundary']);
  });
});

describe('format characters inside words (issue 35)', () => {
  // Every Cf character Unicode defines, from the data itself: zero-width spaces and joiners, the soft
  // hyphen, bidirectional marks, the BOM.
  const formatCharacters: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    const char = String.fromCodePoint(code);
    if (/^\p{Cf}$/u.test(char)) formatCharacters.push(char);
  }

  it('finds the characters the issue names among them', () => {
    expect(formatCharacters).toEqual(expect.arrayContaining(['\u200b', '\u00ad', '\u2060', '\ufeff']));
  });

  it('reads "bor\\u200Brow" and a word with any other Cf character inside as the word itself', () => {
    const broken = formatCharacters.filter(
      (char) =>
        tokenize(`How long can I bor${char}row a D${char}VD?`).join(' ') !==
        tokenize('How long can I borrow a DVD?').join(' '),
    );
    expect(broken).toEqual([]);
  });
});
