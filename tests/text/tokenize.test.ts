import { describe, expect, it } from 'vitest';
import { stem } from '../../src/text/stem';
import { tokenize, words } from '../../src/text/tokenize';

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
  ])('folds %s and its relatives to one term', (...forms) => {
    expect(new Set(forms.map(stem)).size).toBe(1);
  });

  it('keeps apart words that only share a beginning', () => {
    expect(stem('card')).not.toBe(stem('cart'));
    expect(stem('hold')).not.toBe(stem('hour'));
  });

  it('leaves short words, numbers and word-final doubles alone', () => {
    expect(stem('day')).toBe('day');
    expect(stem('20.00')).toBe('20.00');
    expect(stem('class')).toBe('class');
    expect(stem('call')).toBe('call');
    expect(stem('status')).toBe('status');
  });
});

describe('tokenize', () => {
  it('drops stopwords and question words, stems the rest', () => {
    expect(tokenize('How long can I borrow a DVD for?')).toEqual(['long', 'borrow', 'dvd']);
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
