import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contradictingFigure,
  extractFigures,
  type Figure,
  sameMeasure,
  ungroundedFigures,
} from '../../src/text/figures';

/** A section of the bundled manual, heading excluded, as the verifier would be given it. */
function manual(file: string, heading: string): string {
  const text = readFileSync(`corpus/${file}.md`, 'utf8');
  const section = text.split(/^## /mu).find((part) => part.startsWith(`${heading}\n`));
  if (section === undefined) throw new Error(`test: no section "${heading}" in corpus/${file}.md`);
  return section.slice(heading.length + 1);
}

const readings = (text: string) => extractFigures(text).map(({ text, counts, ...reading }) => reading);
const written = (text: string) => extractFigures(text).map((figure) => figure.text);
const grounded = (answer: string, sources: string[]) => ungroundedFigures(answer, sources).length === 0;

const NUMBER_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

describe('extractFigures', () => {
  it.each<[string, Omit<Figure, 'text' | 'counts'>]>([
    ['0.50 BOB', { kind: 'amount', value: 0.5, unit: 'BOB' }],
    ['BOB 0.50', { kind: 'amount', value: 0.5, unit: 'BOB' }],
    ['$5', { kind: 'amount', value: 5, unit: 'USD' }],
    ['€ 2.50', { kind: 'amount', value: 2.5, unit: 'EUR' }],
    ['£3', { kind: 'amount', value: 3, unit: 'GBP' }],
    ['20.00', { kind: 'amount', value: 20, unit: '' }],
    ['7 days', { kind: 'duration', value: 7, unit: 'day' }],
    ['one week', { kind: 'duration', value: 1, unit: 'week' }],
    ['Twelve Months', { kind: 'duration', value: 12, unit: 'month' }],
    ['1 year', { kind: 'duration', value: 1, unit: 'year' }],
    ['2 hours', { kind: 'duration', value: 2, unit: 'hour' }],
    ['60 minutes', { kind: 'duration', value: 60, unit: 'minute' }],
    ['7-day', { kind: 'duration', value: 7, unit: 'day' }],
    ['10 working days', { kind: 'duration', value: 10, unit: 'day' }],
    ['30 seconds', { kind: 'duration', value: 30, unit: 'second' }],
    ['1000ms', { kind: 'duration', value: 1000, unit: 'millisecond' }],
    ['250 milliseconds', { kind: 'duration', value: 250, unit: 'millisecond' }],
    ['5 secs', { kind: 'duration', value: 5, unit: 'second' }],
    ['10min', { kind: 'duration', value: 10, unit: 'minute' }],
    ['2 hrs', { kind: 'duration', value: 2, unit: 'hour' }],
    ['5%', { kind: 'percent', value: 5, unit: '' }],
    ['5 percent', { kind: 'percent', value: 5, unit: '' }],
    ['five per cent', { kind: 'percent', value: 5, unit: '' }],
    ['9:00', { kind: 'time', value: 540, unit: '' }],
    ['09:00', { kind: 'time', value: 540, unit: '' }],
    ['20:00', { kind: 'time', value: 1200, unit: '' }],
    ['9:30', { kind: 'time', value: 570, unit: '' }],
    ['9:30 am', { kind: 'time', value: 570, unit: '' }],
    ['10 a.m.', { kind: 'time', value: 600, unit: '' }],
    ['4 pm', { kind: 'time', value: 960, unit: '' }],
    ['12 am', { kind: 'time', value: 0, unit: '' }],
    ['twelve pm', { kind: 'time', value: 720, unit: '' }],
    ['1 January', { kind: 'date', value: 1, unit: '1' }],
    ['January 1', { kind: 'date', value: 1, unit: '1' }],
    ['1st January', { kind: 'date', value: 1, unit: '1' }],
    ['1st of January', { kind: 'date', value: 1, unit: '1' }],
    ['Sept 30th', { kind: 'date', value: 30, unit: '9' }],
    ['5 Feb', { kind: 'date', value: 5, unit: '2' }],
    ['Dec 24', { kind: 'date', value: 24, unit: '12' }],
    ['1 pm', { kind: 'time', value: 780, unit: '' }],
    ['2026', { kind: 'number', value: 2026, unit: '' }],
    ['1,000', { kind: 'number', value: 1000, unit: '' }],
    ['Seventeen', { kind: 'number', value: 17, unit: '' }],
    ['zero', { kind: 'number', value: 0, unit: '' }],
    ['0.505', { kind: 'number', value: 0.505, unit: '' }],
    // As people write them (issue 35).
    ['an hour', { kind: 'duration', value: 1, unit: 'hour' }],
    ['A month', { kind: 'duration', value: 1, unit: 'month' }],
    ['half an hour', { kind: 'duration', value: 0.5, unit: 'hour' }],
    ['half a day', { kind: 'duration', value: 0.5, unit: 'day' }],
    ['a fortnight', { kind: 'duration', value: 14, unit: 'day' }],
    ['2 fortnights', { kind: 'duration', value: 28, unit: 'day' }],
    ['3h', { kind: 'duration', value: 3, unit: 'hour' }],
    ['15min', { kind: 'duration', value: 15, unit: 'minute' }],
    ['2 wks', { kind: 'duration', value: 2, unit: 'week' }],
    ['a BOB', { kind: 'amount', value: 1, unit: 'BOB' }],
    ['1’000', { kind: 'number', value: 1000, unit: '' }],
    ["1'000'000", { kind: 'number', value: 1_000_000, unit: '' }],
    ['1\u2009000 BOB', { kind: 'amount', value: 1000, unit: 'BOB' }],
    ['1\u202f000.50', { kind: 'amount', value: 1000.5, unit: '' }],
    ['14th', { kind: 'ordinal', value: 14, unit: '' }],
    ['21st', { kind: 'ordinal', value: 21, unit: '' }],
    ['2nd', { kind: 'ordinal', value: 2, unit: '' }],
    ['113th', { kind: 'ordinal', value: 113, unit: '' }],
  ])('reads %j as one figure', (text, reading) => {
    expect(extractFigures(text)).toEqual([{ text, ...reading, counts: [] }]);
  });

  it('reads "7 days" as one duration, not a number and a duration', () => {
    expect(written('Borrow DVDs for 7 days, renew once.')).toEqual(['7 days']);
  });

  it('reads a short unit only as a whole word in lower case: "5 minimal", "the second floor", "5 MS"', () => {
    expect(extractFigures('5 minimal changes on the second floor').map((figure) => figure.kind)).toEqual([
      'number',
    ]);
    expect(extractFigures('Windows 10 MS Office, 1 Ms. Smith').map((figure) => figure.kind)).toEqual([
      'number',
      'number',
    ]);
  });

  it('keeps every figure of a sentence, in order, as written', () => {
    expect(written('From 1 January 2026, 10 holds cost 0.50 BOB each, open 9:00 to 20:00.')).toEqual([
      '1 January',
      '2026',
      '10',
      '0.50 BOB',
      '9:00',
      '20:00',
    ]);
  });

  it.each([
    ['"daily", "weekly", "per year"', 'Charges are added daily, or weekly, per year.'],
    [
      'an ordinal word, or a suffix that is no ordinal',
      'The reading hall is on the second floor, not the 2th.',
    ],
    ['an article before a plural or a short unit', 'It took a days and an hrs.'],
    ['numbers inside ids and words', 'See 02-borrowing#holds and a#one, play the mp3 or 3D film.'],
    ['a number spelled into a longer word', 'Often someone, anyone or no-one is a one-off.'],
  ])('finds no figure in %s', (_name, text) => {
    expect(extractFigures(text)).toEqual([]);
  });

  describe('figures as people write them (issue 35)', () => {
    it('reads an article after a figure or a word of frequency as "per", a rate that counts nothing', () => {
      expect(written('Cats sleep 15 hours a day.')).toEqual(['15 hours']);
      expect(written('It costs 0.50 BOB a day, or $2 an hour.')).toEqual(['0.50 BOB', '$2']);
      expect(written('Borrow up to 10 items a month.')).toEqual(['10']);
      expect(written('Sessions run 2 hours of study a day.')).toEqual(['2 hours']);
      expect(written('Renew once a month, twice a year or three times a week.')).toEqual(['three']);
    });

    it('reads an article as a count after a preposition or a clause break, figure or not', () => {
      expect(written('Books go for 14 days and are renewed for a week.')).toEqual(['14 days', 'a week']);
      expect(written('Open 9:00 to 20:00, a day pass costs a BOB.')).toEqual([
        '9:00',
        '20:00',
        'a day',
        'a BOB',
      ]);
      expect(written('Wait for half an hour.')).toEqual(['half an hour']);
    });

    it('reads no count in "a second" (more often an ordinal) nor in two grouping marks mixed', () => {
      expect(written('Ask for a second copy.')).toEqual([]);
      expect(readings('1,000’000')).not.toContainEqual(expect.objectContaining({ value: 1_000_000 }));
    });
  });

  it('reads numbers past twenty in words as English composes them', () => {
    const read = (text: string) => extractFigures(text).map((figure) => [figure.text, figure.value]);
    expect(read('twenty-two days')).toEqual([['twenty-two days', 22]]);
    expect(read('forty five minutes')).toEqual([['forty five minutes', 45]]);
    expect(read('over fifteen hundred extras')).toEqual([['fifteen hundred', 1500]]);
    expect(read('two hundred and fifty pages')).toEqual([['two hundred and fifty', 250]]);
    expect(read('three thousand two hundred and six')).toEqual([
      ['three thousand two hundred and six', 3206],
    ]);
    // Two numbers side by side stay two: a unit follows only a ten, "and" only a scale word.
    expect(read('between five and ten days')).toEqual([
      ['five', 5],
      ['ten days', 10],
    ]);
    expect(read('five ten-minute breaks')).toEqual([
      ['five', 5],
      ['ten-minute', 10],
    ]);
    expect(read('hundreds of years')).toEqual([]);
    expect(read('a hundred and fifty days')).toEqual([['a hundred and fifty days', 150]]);
    expect(read('one million two hundred thousand')).toEqual([
      ['one million two hundred thousand', 1_200_000],
    ]);
    // "and" joins no number that has a scale of its own; a list's next line is another number.
    expect(read('between one hundred and two hundred pages')).toEqual([
      ['one hundred', 100],
      ['two hundred', 200],
    ]);
    expect(read('- Adults: twenty\n- Five holds')).toEqual([
      ['twenty', 20],
      ['Five', 5],
    ]);
  });

  it('does not count "one" used as a pronoun, but counts one thing', () => {
    expect(written('No one may take the one on the shelf; members help one another.')).toEqual([]);
    expect(readings('Show one photo identity document.')).toEqual([{ kind: 'number', value: 1, unit: '' }]);
  });

  it('reads any other number after "the", "each" or "no" as a figure', () => {
    expect(written('Each of the 9 rooms, no 4 desks, any 3 seats.')).toEqual(['9', '4', '3']);
  });

  it('reads every ISO 4217 code and the signs English writes, not four currencies', () => {
    expect(readings('40 CHF, CHF 40, R$ 12, CA$5, ₹500, ₽ 90, 3 ZAR')).toEqual([
      { kind: 'amount', value: 40, unit: 'CHF' },
      { kind: 'amount', value: 40, unit: 'CHF' },
      { kind: 'amount', value: 12, unit: 'BRL' },
      { kind: 'amount', value: 5, unit: 'CAD' },
      { kind: 'amount', value: 500, unit: 'INR' },
      { kind: 'amount', value: 90, unit: 'RUB' },
      { kind: 'amount', value: 3, unit: 'ZAR' },
    ]);
    // Three capitals that are no code, and a sign no currency has, leave a bare number.
    expect(readings('40 ABC, ¢5')).toEqual([
      { kind: 'number', value: 40, unit: '' },
      { kind: 'number', value: 5, unit: '' },
    ]);
  });

  it('reads currency codes and month names only in their own case', () => {
    expect(readings('No more than 5 may be video games; ask 20 Bob or 3 bob.')).toEqual([
      { kind: 'number', value: 5, unit: '' },
      { kind: 'number', value: 20, unit: '' },
      { kind: 'number', value: 3, unit: '' },
    ]);
  });

  it('keeps a list written with commas as separate numbers, and a thousands comma in one', () => {
    expect(written('Rooms 1,2,3 and 1,000 seats')).toEqual(['1', '2', '3', '1,000']);
  });

  it('reads both ends of a range, and figures inside Markdown emphasis', () => {
    expect(written('Open 9:00-20:00, rooms 1-4, for _7 days_ or **2 hours**.')).toEqual([
      '9:00',
      '20:00',
      '1',
      '4',
      '7 days',
      '2 hours',
    ]);
  });

  it('reads an hour past twelve, or hour 0, with "pm" or "am" as a number, not a time', () => {
    expect(readings('13 pm')).toEqual([{ kind: 'number', value: 13, unit: '' }]);
    expect(readings('0 am')).toEqual([{ kind: 'number', value: 0, unit: '' }]);
  });

  it('takes what a figure counts from its own line and table cell, three words at most', () => {
    expect(extractFigures('Up to 10\nholds active')).toMatchObject([{ text: '10', counts: [] }]);
    expect(extractFigures('| Rooms | 6| study rooms |')).toMatchObject([{ text: '6', counts: [] }]);
    expect(extractFigures('Up to 10 study rooms with big screens')).toMatchObject([
      { text: '10', counts: ['stud', 'room', 'big'] },
    ]);
  });

  it('tells "one" the pronoun from "one" the count only by the words right beside it', () => {
    expect(written('Show each card, one photo. Take one or another.')).toEqual(['one', 'one']);
    expect(written('No  one may enter; they help one  another.')).toEqual([]);
  });
});

describe('a figure stating another value of the same measure', () => {
  const one = (text: string) => extractFigures(text)[0] as Figure;
  const other = (asked: string, stated: string) =>
    contradictingFigure(one(asked), extractFigures(stated))?.text;

  it('measures the same thing by unit, currency, month or the word a number counts, not by value', () => {
    expect(sameMeasure(one('five minutes'), one('3 minutes'))).toBe(true);
    expect(sameMeasure(one('five minutes'), one('3 hours'))).toBe(false);
    expect(sameMeasure(one('$929.3 million'), one('$879.3 million'))).toBe(true);
    expect(sameMeasure(one('12.00 BOB'), one('$12'))).toBe(false);
    expect(sameMeasure(one('12 April'), one('22 April'))).toBe(true);
    expect(sameMeasure(one('12 April'), one('12 May'))).toBe(false);
    expect(sameMeasure(one('45 mm stock'), one('35 mm film'))).toBe(true);
    expect(sameMeasure(one('45 reviews'), one('35 mm'))).toBe(false);
    expect(sameMeasure(one('10:00'), one('9:00'))).toBe(true);
    expect(sameMeasure(one('1O pages'), one('1O pages'))).toBe(false);
  });

  it('finds a figure of the same measure with another value, unless the value is stated anywhere', () => {
    expect(other('five minutes', 'he has three minutes to escape')).toBe('three minutes');
    expect(other('on 12 April', 'filming resumed on 22 April')).toBe('22 April');
    expect(other('182 days', 'Filming took 128 days.')).toBe('128 days');
    expect(other('five minutes', 'he has five minutes to escape')).toBeUndefined();
    // "30 were provided by" states the 30 asked about, though it counts another word.
    expect(
      other('30 helicopters', '90 helicopters, of which 60 came from the army and 30 were leased'),
    ).toBeUndefined();
    // Another measure is no contradiction.
    expect(other('five minutes', 'it took three days')).toBeUndefined();
  });
});

describe('ungroundedFigures', () => {
  it.each([
    ['"seven days" and "7 days"', 'Keep it for seven days.', '| DVDs | 7 days |', true],
    ['"0.50 BOB" and "0.5 BOB"', 'It costs 0.5 BOB.', 'The charge is 0.50 BOB per day.', true],
    ['"7 days" and "7 weeks"', 'Keep it for 7 weeks.', '| DVDs | 7 days |', false],
    ['"twenty" and "20.00 BOB"', 'Up to twenty.', 'Capped at 20.00 BOB.', true],
    ['"twenty-one days" and "21 days"', 'Keep it for twenty-one days.', '| Books | 21 days |', true],
    ['"twenty-two days" and "21 days"', 'Keep it for twenty-two days.', '| Books | 21 days |', false],
    // As people write them (issue 35).
    ['"a fortnight" and "14 days"', 'DVDs go for a fortnight.', '| DVDs | 14 days |', true],
    ['"a fortnight" and "7 days"', 'DVDs go for a fortnight.', '| DVDs | 7 days |', false],
    ['"an hour" and "1 hour"', 'Rooms are booked for an hour.', 'Book a room for 1 hour.', true],
    ['"an hour" and "2 hours"', 'Rooms are booked for an hour.', 'Book a room for 2 hours.', false],
    ['"half an hour" and "half an hour"', 'A break of half an hour.', 'Breaks last half an hour.', true],
    ['"half an hour" and "an hour"', 'A break of half an hour.', 'Breaks last an hour.', false],
    ['"3h" and "3 hours"', 'It takes 3h.', 'It takes 3 hours.', true],
    ['"3h" and "2 hours"', 'It takes 3h.', 'It takes 2 hours.', false],
    ['"1’000 BOB" and "1,000 BOB"', 'The deposit is 1’000 BOB.', 'A deposit of 1,000 BOB.', true],
    ['"1’000 BOB" and "100 BOB"', 'The deposit is 1’000 BOB.', 'A deposit of 100 BOB.', false],
    ['"the 14th" and "the fourteenth"', 'Renew by the 14th.', 'Renew by the fourteenth.', true],
    ['"the 14th" and "14 March"', 'Renew by the 14th.', 'Renew by 14 March.', true],
    ['"the 14th" and "the 15th"', 'Renew by the 14th.', 'Renew by the 15th.', false],
    ['"the 2nd floor" and "the second floor"', 'It is on the 2nd floor.', 'The second floor.', true],
  ])('compares %s by value and unit', (_name, answer, source, isGrounded) => {
    expect(grounded(answer, [source])).toBe(isGrounded);
  });

  it('holds no count by an ordinal, nor an ordinal by a count: "the first room" is not "1 room"', () => {
    expect(grounded('You can book 1 room.', ['Book the first room on the left.'])).toBe(false);
    expect(grounded('Renew by the 14th.', ['Renew within 14 days.'])).toBe(false);
    expect(grounded('It is on the first floor.', ['It is on floor 1.'])).toBe(true);
  });

  it('does not hold an amount in one currency by the same number in another, whichever the currency', () => {
    expect(grounded('It costs 40 CHF.', ['The fee is 40 EUR.'])).toBe(false);
    expect(grounded('It costs 40 CHF.', ['The fee is 40 days late.'])).toBe(false);
    expect(grounded('It costs CHF 40.', ['The fee is 40 CHF.'])).toBe(true);
  });

  it('holds an amount without currency by the same price in any currency, not by a count', () => {
    expect(grounded('It costs 0.50 per page.', ['0.50 BOB per colour page'])).toBe(true);
    expect(grounded('It costs 0.50 per page.', ['$0.50 per page'])).toBe(true);
    expect(grounded('It costs 0.50 per page.', ['0.5 of a page'])).toBe(false);
    expect(grounded('It costs 12.00.', ['Up to 12 requests per year.'])).toBe(false);
    expect(grounded('It costs 0.50 per page.', ['0.10 BOB per page'])).toBe(false);
  });

  it('does not hold "Each of the 9 rooms" by "6 study rooms"', () => {
    expect(
      ungroundedFigures('Each of the 9 rooms has a screen.', ['There are 6 study rooms.']),
    ).toMatchObject([{ text: '9', kind: 'number', value: 9 }]);
  });

  it('holds a bare number only by a figure counting the same thing', () => {
    expect(grounded('Up to 10 holds.', ['A member can have up to 10 holds active at once.'])).toBe(true);
    expect(grounded('Up to ten holds.', ['A member can have up to 10 holds active at once.'])).toBe(true);
    expect(
      grounded('The library has six rooms.', ['The library has 6 study rooms that members can book.']),
    ).toBe(true);
    expect(grounded('Up to 21 requests.', ['| Books | 21 days | 3 |'])).toBe(false);
    expect(grounded('Up to 10 requests.', ['It arrives within 10 working days.'])).toBe(false);
    expect(grounded('Up to 10 renewals.', ['A member can have up to 10 holds active at once.'])).toBe(false);
    expect(grounded('It takes 7 nights.', ['| DVDs and Blu-ray | 7 days | 1 |'])).toBe(false);
    expect(grounded('It takes 20 min.', ['Open 9:00 to 20:00.'])).toBe(false);
  });

  it('holds a number in a table cell, whose column says what it counts, whatever the answer calls it', () => {
    expect(grounded('Books can be renewed 3 times.', ['| Books | 21 days | 3 |'])).toBe(true);
  });

  it('holds an amount in a currency only by that currency or an amount written without one', () => {
    expect(grounded('It costs 0.50 BOB.', ['It costs 0.50.'])).toBe(true);
    expect(grounded('It costs 0.75 BOB.', ['It costs 0.50.'])).toBe(false);
    expect(grounded('It costs 0.50 BOB.', ['It costs $0.50.'])).toBe(false);
    expect(grounded('It costs 20 BOB.', ['Borrow up to 20 items.'])).toBe(false);
  });

  it('holds a time written in any of its forms', () => {
    expect(grounded('Open from 9:00, 09:00, 9 am, 9 a.m. or nine am.', ['open 9:00 to 20:00'])).toBe(true);
    expect(grounded('Closes at 8 pm.', ['open 9:00 to 20:00'])).toBe(true);
    expect(grounded('Closes at 8:30 pm.', ['open 9:00 to 20:00'])).toBe(false);
    expect(grounded('Opens at 8:30 am.', ['Opens at 9:30.'])).toBe(false);
  });

  it('holds a percent written in any of its forms', () => {
    expect(grounded('A 5% fee, 5 percent, five per cent.', ['a 5 per cent fee'])).toBe(true);
    expect(grounded('A 5% fee.', ['a fee of 5 BOB'])).toBe(false);
  });

  it('holds a date by the same day of the same month', () => {
    expect(grounded('Counted from January 1st.', ['counted from 1 January'])).toBe(true);
    expect(grounded('Counted from 1 February.', ['counted from 1 January'])).toBe(false);
  });

  it('holds a number by a time only on the hour, and noon as 12 on either clock', () => {
    expect(grounded('It takes 9.5.', ['Opens at 9:30.'])).toBe(false);
    expect(grounded('Opens at 0.', ['Opens at 12:00.'])).toBe(false);
    expect(grounded('Opens at 12.', ['Opens at 12:00.'])).toBe(true);
  });

  it('holds a number that counts a currency written in lower case by an amount in that currency', () => {
    expect(grounded('Up to 20 bob.', ['Capped at 20 BOB.'])).toBe(true);
    expect(grounded('Up to 20 usd.', ['Capped at 20 BOB.'])).toBe(false);
  });

  it('does not hold a percent or a duration by a price of the same value', () => {
    expect(grounded('A 20% fee.', ['a fee of 20.00'])).toBe(false);
    expect(grounded('For 20 days.', ['a fee of 20.00'])).toBe(false);
  });

  it('holds a bare number by any figure of that value, but not a figure with a unit by a bare number', () => {
    expect(grounded('Lost after 45.', ['45 days overdue'])).toBe(true);
    expect(grounded('Closes at 8.', ['closes at 20:00'])).toBe(true);
    expect(grounded('Closes at 12.', ['closes at 0:00'])).toBe(true);
    expect(grounded('Lost after 45 days.', ['45 overdue items'])).toBe(false);
    expect(grounded('Opens at 9.', ['opens at 9:30'])).toBe(false);
  });

  it('returns only the figures no source holds, in the order of the answer', () => {
    const answer = 'Books: 21 days, 3 renewals, 4 weeks, 0.75 BOB a day.';
    expect(ungroundedFigures(answer, ['| Books | 21 days | 3 |']).map((figure) => figure.text)).toEqual([
      '4 weeks',
      '0.75 BOB',
    ]);
  });

  it('looks in every source, and holds nothing without one', () => {
    expect(grounded('7 days and 0.50 BOB', ['7 days', '0.50 BOB'])).toBe(true);
    expect(ungroundedFigures('7 days', [])).toHaveLength(1);
    expect(ungroundedFigures('No figure here.', [])).toEqual([]);
  });
});

describe('ungroundedFigures against the library manual', () => {
  const overdue = manual('03-fines-and-fees', 'Overdue Charges');
  const loans = manual('02-borrowing', 'Loan Periods');
  const hours = manual('04-spaces', 'Opening Hours');
  const renewal = manual('01-membership', 'Renewal and Expiry');

  it('holds the overdue charge and its cap', () => {
    expect(ungroundedFigures('Overdue items cost 0.50 BOB per day, up to 20.00 BOB.', [overdue])).toEqual([]);
  });

  it('refuses a changed overdue charge', () => {
    expect(ungroundedFigures('Overdue items cost 0.75 BOB per day.', [overdue])).toEqual([
      { text: '0.75 BOB', kind: 'amount', value: 0.75, unit: 'BOB', counts: ['day'] },
    ]);
  });

  it('refuses a loan period in the wrong unit', () => {
    expect(ungroundedFigures('DVDs can be borrowed for 7 weeks.', [loans]).map((f) => f.text)).toEqual([
      '7 weeks',
    ]);
  });

  it('holds a loan period written in words by the table row in digits', () => {
    expect(ungroundedFigures('Magazines can be borrowed for fourteen days, renewed once.', [loans])).toEqual(
      [],
    );
  });

  it('holds opening hours written on the twelve-hour clock', () => {
    expect(ungroundedFigures('Saturday: 10 am to 4 pm; weekdays 9:00 to 20:00.', [hours])).toEqual([]);
    expect(ungroundedFigures('Saturday: 10 am to 5 pm.', [hours]).map((f) => f.text)).toEqual(['5 pm']);
  });

  it('holds card prices, ages and the expiry period', () => {
    const answer = 'A Senior card (65 and over) costs 6.00 BOB a year and expires after twelve months.';
    expect(ungroundedFigures(answer, [renewal])).toEqual([]);
  });

  it('does not take support from a passage that was not cited', () => {
    expect(
      ungroundedFigures('Overdue items cost 0.50 BOB per day.', [loans, hours]).map((f) => f.text),
    ).toEqual(['0.50 BOB']);
  });
});

describe('figure properties', () => {
  // Pieces that make figures, near-figures and the separators between them, so that random texts
  // exercise the readings rather than only plain letters.
  const piece = fc.constantFrom(
    '7',
    '0.50',
    '20.00',
    '1,000',
    '09',
    ':',
    '.',
    ',',
    '-',
    '#',
    '_',
    "'",
    '$',
    '€',
    '%',
    ' ',
    ' ',
    '\n',
    'seven',
    'one',
    'the',
    'a',
    'days',
    'week',
    'working',
    'BOB',
    'bob',
    'per cent',
    'am',
    'p.m.',
    'January',
    'May',
    'st',
    'mp3',
  );
  const figureish = fc
    .array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 24 })
    .map((pieces) => pieces.join(''));
  const anyText = fc.oneof(figureish, fc.string({ unit: 'grapheme', maxLength: 40 }));

  it('holds every figure of a text by that text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(ungroundedFigures(text, [text])).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a number written in digits and in words as the same figure', () => {
    const templates = [
      (n: string) => n,
      (n: string) => `${n} days`,
      (n: string) => `a ${n}-hour session`,
      (n: string) => `${n} per cent`,
      (n: string) => `${n} BOB`,
      (n: string) => `BOB ${n}`,
      (n: string) => `up to ${n} items`,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(...templates),
        fc.boolean(),
        (n, template, capitalised) => {
          const word = NUMBER_WORDS[n - 1] as string;
          const spelled = capitalised ? word.charAt(0).toUpperCase() + word.slice(1) : word;
          expect(readings(template(spelled))).toEqual(readings(template(String(n))));
          expect(readings(template(String(n)))).toHaveLength(1);
          expect(grounded(template(spelled), [template(String(n))])).toBe(true);
        },
      ),
    );
  });

  it('reads any text without throwing, its figures in order and as written', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        let cursor = 0;
        for (const figure of extractFigures(text)) {
          expect(figure.text.length).toBeGreaterThan(0);
          const at = text.indexOf(figure.text, cursor);
          expect(at).toBeGreaterThanOrEqual(cursor);
          cursor = at + figure.text.length;
          expect(Number.isNaN(figure.value)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a figure within one paragraph', () => {
  it('does not join a number ending one paragraph to a unit opening the next', () => {
    expect(extractFigures('Sunday: 7\n\nhours of fun').map((figure) => figure.text)).toEqual(['7']);
    // A line break inside a paragraph is a soft wrap: "7\nhours" is still 7 hours.
    expect(extractFigures('open for 7\nhours').map((figure) => figure.text)).toEqual(['7\nhours']);
  });
});

describe('a character that folds into several numbers', () => {
  // NFKC writes "⅐" as "1⁄7", with the fraction slash: a fraction, read as its value (issue 35).
  it('is a fraction when it is one, read as its value', () => {
    expect(extractFigures('⅐')).toMatchObject([{ text: '⅐', kind: 'number', value: 1 / 7 }]);
    expect(extractFigures('¼ BOB')).toMatchObject([
      { text: '¼ BOB', kind: 'amount', value: 0.25, unit: 'BOB' },
    ]);
    expect(written('Pay ¼ BOB within 3 days, or ⅐ days.')).toEqual(['¼ BOB', '3 days', '⅐ days']);
    expect(grounded('It costs ⅐ BOB.', ['It costs 1 BOB or 7 BOB.'])).toBe(false);
    expect(grounded('Pay ¼ of the fee.', ['Members pay ¼ of the fee.'])).toBe(true);
  });

  // NFKC writes "⑴⑵" as "(1)(2)": each character holds one number, so they are two figures side by side.
  it('keeps two such characters side by side apart when each holds one number', () => {
    expect(readings('Rooms ⑴⑵')).toEqual([
      { kind: 'number', value: 1, unit: '' },
      { kind: 'number', value: 2, unit: '' },
    ]);
    expect(written('Rooms ⑴⑵')).toEqual(['⑴', '⑵']);
    expect(grounded('Room ⑵ is open.', ['Rooms ⑴⑵ are open.'])).toBe(true);
  });
});

describe('digits in any script', () => {
  // The zero of every block of decimal digits Unicode has: "0", "٠", "०", "０", "𝟎"… Digits come in
  // whole 0-9 blocks, so a zero is a digit ten places into its run (or at its start).
  const isDigit = (codePoint: number) => /\p{Nd}/u.test(String.fromCodePoint(codePoint));
  const runStart = (codePoint: number) => {
    let start = codePoint;
    while (isDigit(start - 1)) start--;
    return start;
  };
  const scriptZeros = Array.from({ length: 0x110000 }, (_, codePoint) => codePoint).filter(
    (codePoint) => isDigit(codePoint) && (codePoint - runStart(codePoint)) % 10 === 0,
  );
  const inScript = (zero: number, digits: string) =>
    [...digits].map((digit) => String.fromCodePoint(zero + Number(digit))).join('');

  it('knows more than sixty digit scripts', () => {
    expect(scriptZeros.length).toBeGreaterThan(60);
  });

  it('reads a figure in any digit script as the same figure in ASCII digits', () => {
    const templates = [
      (n: string) => `${n} days`,
      (n: string) => `${n} BOB`,
      (n: string) => `${n}%`,
      (n: string) => `up to ${n} items`,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...scriptZeros),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.constantFrom(...templates),
        (zero, n, other, template) => {
          const ascii = template(String(n));
          const written = template(inScript(zero, String(n)));
          expect(readings(written)).toEqual(readings(ascii));
          expect(extractFigures(written)[0]?.text).toContain(inScript(zero, String(n)));
          // Held by the passage that says the same number, and by no other number.
          expect(grounded(written, [ascii])).toBe(true);
          expect(grounded(written, [template(String(other))])).toBe(n === other);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('does not pass a fullwidth, superscript or circled figure the passage does not hold', () => {
    const passage = '| DVDs and Blu-ray | 7 days | 1 |';
    for (const answer of [
      'for ９９ days',
      'for ⁹⁹ days',
      'for ㊾ days',
      'for 𝟗𝟗 days',
      'costs ７５.００ BOB',
    ]) {
      expect(ungroundedFigures(answer, [passage]).map((figure) => figure.text)).toHaveLength(1);
    }
    expect(ungroundedFigures('for ７ days', [passage])).toEqual([]);
  });

  it('reads a letter standing in for a digit as a garbled number that only the same writing holds', () => {
    expect(readings('O.75 BOB')).toEqual([{ kind: 'garbled', value: 0, unit: 'o.75' }]);
    expect(written('costs 1O days or l0 BOB')).toEqual(['1O', 'l0']);
    expect(
      ungroundedFigures('The charge is O.75 BOB.', ['The charge is 0.75 BOB.']).map((f) => f.text),
    ).toEqual(['O.75']);
    expect(ungroundedFigures('Room O.5 is upstairs.', ['Room O.5 is upstairs.'])).toEqual([]);
  });

  it('leaves words and codes with letters beside digits alone', () => {
    expect(written('H2O, CO2, mp3, Io and IO')).toEqual([]);
  });
});

describe('figure forms read since issue 35', () => {
  it.each([
    ['½ hour', 'Loans last half an hour.', true],
    ['1/2 hour', 'Loans last half an hour.', true],
    ['1½ hours', 'Loans last 1 1/2 hours.', true],
    ['1/2 hour', 'Loans last 2 hours.', false],
    ['renew by 14/12', 'Renew by 14 December.', true],
    ['renew by 14/12', 'Renew by 21 December.', false],
    ['renew by 12/14', 'Renew by 14 December.', true],
    ['renew by 14/12/2025', 'Renew by 14/12/2026.', false],
    ['renew by 3/4', 'Renew by 4/3.', false],
    ['renew by the 14th', 'Renew by the 15th.', false],
    ['see Chapter IV', 'Chapter 4 explains fines.', true],
    ['see Chapter IV', 'Chapter 5 explains fines.', false],
    ['see Part ii', 'Part 3 explains fines.', false],
    ['可以借十四天', '借期为7天', false],
    ['可以借七天', '借期为7天', true],
  ])('%j against %j: held %s', (answer, source, held) => {
    expect(grounded(answer, [source])).toBe(held);
  });

  it('reads no Roman numeral outside a numbered part of a document ("Henry V", the pronoun "I")', () => {
    expect(extractFigures('Henry V said I could.')).toEqual([]);
  });

  // Every numbering system Intl knows whose digits are Unicode decimal digits, not a list picked by hand.
  const numberingSystems = Intl.supportedValuesOf('numberingSystem').filter((system) =>
    /^\p{Nd}+$/u.test(new Intl.NumberFormat(`en-u-nu-${system}`, { useGrouping: false }).format(1234567890)),
  );

  it('reads 14 days in the digits of every decimal numbering system Intl knows', () => {
    expect(numberingSystems.length).toBeGreaterThan(40);
    const unread = numberingSystems.filter((system) => {
      const fourteen = new Intl.NumberFormat(`en-u-nu-${system}`).format(14);
      return (
        grounded(`You can borrow it for ${fourteen} days.`, ['DVDs are lent for 7 days.']) ||
        !grounded(`You can borrow it for ${fourteen} days.`, ['Magazines are lent for 14 days.'])
      );
    });
    expect(unread).toEqual([]);
  });
});
