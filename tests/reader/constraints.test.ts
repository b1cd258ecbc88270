import { describe, expect, it } from 'vitest';
import { brokenConstraint, countsAskedThing } from '../../src/reader/constraints';
import { statesAskedFigure } from '../../src/reader/kinds';
import { constraintsOf } from '../../src/reader/question/constraints';
import type { AnswerKind } from '../../src/reader/question/form';

const broken = (question: string, unit: string, about?: string) =>
  brokenConstraint({ constraints: constraintsOf(question), unit, ...(about === undefined ? {} : { about }) });

describe('what a question fixes about its answer', () => {
  it('refuses an amount in another currency than the one asked: "in US dollars" is not BOB', () => {
    expect(
      broken('How much is a Visitor card in US dollars?', 'A Visitor card costs 30.00 BOB per year.'),
    ).toBe('states BOB, not USD');
    expect(broken('How much is a lost card in pounds?', 'A lost library card costs 3.00 BOB.')).toBe(
      'states BOB, not GBP',
    );
  });

  it('keeps an amount in the currency asked, or a question that names none (guard)', () => {
    expect(
      broken('How much is a Visitor card in BOB?', 'A Visitor card costs 30.00 BOB per year.'),
    ).toBeUndefined();
    expect(broken('How much is a Visitor card?', 'A Visitor card costs 30.00 BOB per year.')).toBeUndefined();
  });

  it('refuses a unit that states no amount for a question naming a currency, whatever its form', () => {
    expect(
      broken('What is the overdue charge in euros per day?', 'Junior card holders pay no overdue charges.'),
    ).toBe('states no amount in EUR');
    // "Free" may be said of someone else than the question asks about: no price in dollars is given.
    expect(broken('How much in US dollars?', 'Each hold is free.')).toBe('states no amount in USD');
    // Every currency asked is named.
    expect(broken('How much is a hold in dollars or euros?', 'Each hold is free.')).toBe(
      'states no amount in USD, EUR',
    );
    expect(
      broken('What is the overdue charge?', 'Junior card holders pay no overdue charges.'),
    ).toBeUndefined();
  });

  it('refuses a duration in another unit than "how many hours" asks for', () => {
    expect(broken('How many hours can I keep a DVD?', 'DVDs can be borrowed for 7 days.')).toBe(
      'states days, not hours',
    );
    expect(broken('How many days can I keep a DVD?', 'DVDs can be borrowed for 7 days.')).toBeUndefined();
  });

  it('refuses a daily figure for "how many hours per week"', () => {
    expect(
      broken(
        'How many hours per week can I book a study room?',
        'A member can book a room for up to 2 hours a day.',
      ),
    ).toBe('gives a figure per day, not per week');
    expect(
      broken(
        'How many hours a day can I book a study room?',
        'A member can book a room for up to 2 hours a day.',
      ),
    ).toBeUndefined();
  });

  it('refuses a how-many answered by a number that counts something else', () => {
    expect(broken('How many books does the library have?', 'The library has 6 study rooms.')).toBe(
      'states no number of books',
    );
    expect(broken('How many study rooms are there?', 'The library has 6 study rooms.')).toBeUndefined();
    // A table cell counts what its column's header names.
    expect(
      broken('How many renewals for a DVD?', '| DVDs | 7 days | 1 |', '| Item | Loan | Renewals |'),
    ).toBeUndefined();
  });

  it('refuses a sentence that mentions the value asked for without giving it', () => {
    expect(
      broken(
        "What's the phone number for the front desk?",
        'Tell the front desk when your phone number changes.',
      ),
    ).toBe('states no phone number');
    expect(broken("What's the phone number?", 'Call the desk on 0123 456 789.')).toBeUndefined();
    expect(broken("What's the library's email address?", 'Write to desk@alder.example.')).toBeUndefined();
  });

  it('asks for a figure of exactly the kind of the form', () => {
    const figure = (question: string, unit: string) =>
      statesAskedFigure({ kind: questionFormKind(question), constraints: constraintsOf(question), unit });
    expect(figure('How long can I book a study room?', 'The library has 6 study rooms.')).toBe(false);
    expect(figure('How long can I book a study room?', 'A room can be booked for 2 hours.')).toBe(true);
    expect(figure('What time do you close on Monday?', 'The library is closed on public holidays.')).toBe(
      false,
    );
    expect(figure('What time do you close on Monday?', 'Monday to Friday: open 9:00 to 20:00.')).toBe(true);
    expect(figure('How much is a hold?', 'Each hold is free.')).toBe(true);
    expect(figure('Can I renew?', 'Anything at all.')).toBe(true);
    // An age, or a measure, stated as a bare number is a figure of the kind asked.
    expect(figure('How old must swimmers be?', 'Swimmers must be aged 16.')).toBe(true);
    expect(figure('How deep is the main pool?', 'The main pool is 2 metres deep.')).toBe(true);
    // A distance given as a time is a measure too.
    expect(figure('How far is the pool from the station?', 'The pool is 5 minutes from the station.')).toBe(
      true,
    );
    // The side of an event, in any case: "Before" at a line's start is still before.
    expect(figure('How early can I renew before my card expires?', 'Renew 30 days Before it expires.')).toBe(
      true,
    );
  });
});

import { answerKind as questionFormKind } from '../../src/reader/question/form';

// Each test below was written for a change to constraints.ts that no test noticed
// (docs/mutation-survivors.md).
const figure = (question: string, unit: string, about?: string) =>
  statesAskedFigure({
    kind: questionFormKind(question),
    constraints: constraintsOf(question),
    unit,
    ...(about === undefined ? {} : { about }),
  });
const currencies = (question: string) => [...constraintsOf(question).currencies];
const valueAsked = (question: string) => constraintsOf(question).value?.what;

describe('what a question fixes: how it is written', () => {
  it('reads every currency by its name, singular or plural, its code or its sign', () => {
    const named: Array<[string, string]> = [
      ['$', 'USD'],
      ['dollar', 'USD'],
      ['dollars', 'USD'],
      ['buck', 'USD'],
      ['euro', 'EUR'],
      ['pound', 'GBP'],
      ['yen', 'JPY'],
      ['boliviano', 'BOB'],
      ['franc', 'CHF'],
      ['rupee', 'INR'],
      ['peso', 'MXN'],
      ['CAD', 'CAD'],
      ['usd', 'USD'],
      ['chf', 'CHF'],
      ['CA$', 'CAD'],
      ['₹', 'INR'],
      ['Swiss francs', 'CHF'],
      ['Canadian dollars', 'CAD'],
      ['Brazilian real', 'BRL'],
      ['South Korean won', 'KRW'],
    ];
    for (const [name, code] of named) expect(currencies(`How much is a card in ${name}?`)).toEqual([code]);
  });

  it('reads a code in lower case only when it is no English word, and a sign only when no letter follows it', () => {
    // ALL (Albanian lek), TOP (Tongan paʻanga), TRY (Turkish lira) are codes in capitals only.
    expect(currencies('Is it open to all, at the top floor? Can I try?')).toEqual([]);
    expect(currencies('Is it open to ALL?')).toEqual(['ALL']);
    expect(currencies('Who won the prize for the best real story?')).toEqual([]);
    expect(currencies('What does $HOME hold?')).toEqual([]);
    expect(currencies('Is it under $5?')).toEqual(['USD']);
  });

  it('reads the value a question asks for by its name, in each way it is asked', () => {
    expect(valueAsked('What is the phone number?')).toBe('phone number');
    expect(valueAsked('What phone number should I call?')).toBe('phone number');
    expect(valueAsked('Which email?')).toBe('email address');
    expect(valueAsked('What is the web site?')).toBe('web address');
    expect(valueAsked('Tell me the name of the castle.')).toBe('name');
    expect(valueAsked('Give me the pin.')).toBe('password');
    expect(valueAsked(' What is the web address?')).toBe('web address');
  });

  it('asks for no value when the question does not open by asking for one', () => {
    expect(valueAsked('Can you tell me the phone number?')).toBeUndefined();
    expect(
      brokenConstraint({
        constraints: constraintsOf('Can I change my phone number online?'),
        unit: 'Yes, at the desk.',
      }),
    ).toBeUndefined();
  });

  it('asks for a clock time with "what time", "what hour", "how late" and "how early"', () => {
    for (const question of ['What time do you open?', 'What hour?', 'How late is it open?', 'How early?'])
      expect(constraintsOf(question).clock).toBe(true);
    expect(constraintsOf('When do you open?').clock).toBe(false);
    // Measured from an event, they ask how long before or after it: "30 days before" answers.
    for (const question of [
      'how early can i renew my card before it expires?',
      'How late after the due date can I return it?',
      'how early in advance can I book?',
      'How early can I book ahead?',
    ])
      expect(constraintsOf(question).clock).toBe(false);
    // An event in a clause of its own does not measure the time asked.
    expect(constraintsOf('How late are you open? I come after work.').clock).toBe(true);
  });

  it('asks a span measured from an event for one on the same side of it', () => {
    const kept = (question: string, unit: string) =>
      statesAskedFigure({
        kind: questionFormKind(question),
        constraints: constraintsOf(question),
        unit,
      });
    const question = 'how early can i renew my card before it expires?';
    expect(constraintsOf(question).measuredFrom).toBe('before');
    expect(kept(question, 'You can renew a card starting 30 days before it expires.')).toBe(true);
    expect(kept(question, '30 days before it expires, a card can be renewed.')).toBe(true);
    // A span after another event, or none on either side, is not the one asked.
    expect(kept(question, 'Every card expires 12 months after the day it was issued.')).toBe(false);
    expect(kept(question, 'A card lasts 12 months.')).toBe(false);
    // The side is the word right after the span.
    expect(kept(question, 'A card lasts 12 months, and you can renew it before it expires.')).toBe(false);
    // Every place the span is written counts.
    const soonAfter = 'How soon after the due date is an item declared lost?';
    expect(kept(soonAfter, 'A reminder comes 7 days before the due date and a bill 7 days after it.')).toBe(
      true,
    );
    expect(kept(soonAfter, 'Reminders go out 130 days after the due date.')).toBe(true);
    expect(kept(soonAfter, 'Reminders start 130 days before the end; items are lost 30 days after it.')).toBe(
      true,
    );
    expect(kept(soonAfter, 'Reminders start 130 days before the end.')).toBe(false);
    // "In advance", "ahead" and "prior to" are before.
    expect(kept('how early in advance can I book?', 'Book up to 7 days in advance.')).toBe(true);
    expect(kept('how early in advance can I book?', 'A booking lasts 2 hours.')).toBe(false);
    expect(constraintsOf('How soon after the sale can I return it?').measuredFrom).toBe('after');
    // A clock time answers a time question measured from an event, not a count or a question of a span.
    const hours = 'How late is the library open after Christmas?';
    expect(constraintsOf(hours).measuredFrom).toBe('after');
    expect(kept(hours, 'Saturday: open 10:00 to 16:00.')).toBe(true);
    expect(kept('How soon after joining can I borrow?', 'Borrowing starts at 10:00.')).toBe(false);
    expect(
      kept('How soon after closing are returns checked in?', 'They are in at 10:00 after closing.'),
    ).toBe(false);
    const soon = 'How soon after the due date is an item declared lost?';
    expect(constraintsOf(soon).measuredFrom).toBe('after');
    expect(kept(soon, 'It is declared lost 45 days after the due date.')).toBe(true);
    // "How long … before" as often asks the span until the event, which a span after another answers.
    const until = 'how long do you keep my account before i have to start over?';
    expect(constraintsOf(until).measuredFrom).toBeUndefined();
    expect(kept(until, 'The account is kept for 6 months after expiry.')).toBe(true);
    // An event in a sentence of its own measures nothing: "how early" asks a clock time there.
    expect(constraintsOf('How early do you open? I come before work.').measuredFrom).toBeUndefined();
    // Only a span, a time or a count is measured: a yes/no question holds none to its side.
    expect(kept('Is there a limit on how early I can renew before it expires?', 'Renew at any time.')).toBe(
      true,
    );
    // Unmeasured, any span answers.
    expect(kept('How long can I keep a book?', 'A card lasts 12 months.')).toBe(true);
  });

  it('reads what "how many" counts, each word of it up to the first small word', () => {
    expect(constraintsOf('How many study rooms are there?')).toMatchObject({
      counted: ['stud', 'room'],
      countedWord: 'study rooms',
    });
    expect(constraintsOf('How many rooms?').counted).toEqual(['room']);
    expect(constraintsOf('How many of them are free?').counted).toBeUndefined();
  });

  it('reads the period of a rate written as an adverb', () => {
    const adverbs = ['hourly', 'daily', 'weekly', 'monthly', 'yearly', 'annually'];
    expect(adverbs.map((adverb) => constraintsOf(`What is the ${adverb} fee?`).period)).toEqual([
      'hour',
      'day',
      'week',
      'month',
      'year',
      'year',
    ]);
  });

  it('reads one period asked for as the period of a rate, in a question only', () => {
    expect(constraintsOf('How much is a Visitor card for just one month?').period).toBe('month');
    expect(constraintsOf('How many items can I borrow in 1 week?').period).toBe('week');
    // However it is capitalised: the period may open the question.
    expect(constraintsOf('For One Month, how much is a Visitor card?').period).toBe('month');
    expect(
      broken('How much is a Visitor card for one month?', 'A Visitor card costs 30.00 BOB per year.'),
    ).toBe('gives a figure per year, not per month');
    // A passage's "one week" says how long, not how often.
    expect(
      broken('How much is a DVD per week?', 'A DVD is lent for one week and costs 1.00 BOB.'),
    ).toBeUndefined();
  });

  it('does not read the unit a how-many asks for as a rate: "how many days is a day pass valid"', () => {
    expect(constraintsOf('How many days is a day pass valid?')).toMatchObject({ unit: 'day' });
    expect(constraintsOf('How many days is a day pass valid?').period).toBeUndefined();
  });

  it('reads a question typed with several spaces between words as with one', () => {
    const questions = [
      "What's the phone number?",
      'What is the web site?',
      'What is the web address?',
      'What is the name of the castle?',
      'Tell me the email address.',
      'Give me the pin number.',
      'What time do you open?',
      'What hour?',
      'How late is it open?',
      'How many study rooms are there?',
    ];
    for (const question of questions) {
      expect(constraintsOf(question.replaceAll(' ', '  '))).toEqual(constraintsOf(question));
    }
  });
});

describe('what a question fixes: which units keep it', () => {
  it('takes the currency stated by an amount or named, and keeps an answer in any currency asked', () => {
    expect(broken('How much in dollars?', 'It costs 30.00 BOB or 8 EUR.')).toBe('states BOB, EUR, not USD');
    expect(broken('How much in dollars or pounds?', 'It costs 30.00 BOB.')).toBe('states BOB, not USD, GBP');
    expect(broken('How much in dollars or euros?', 'It costs 8 EUR.')).toBeUndefined();
    expect(broken('How much is a DVD loan in dollars?', 'DVDs can be borrowed for 7 days.')).toBe(
      'states no amount in USD',
    );
    // "5.00" names no currency, so it states none other than the one asked.
    expect(broken('How much in dollars?', 'It costs 5.00.')).toBeUndefined();
  });

  it('reads the unit of a duration only from durations, and names each unit stated', () => {
    // An amount states no unit of time: what is missing is a number of days.
    expect(broken('How many days can I keep a DVD?', 'A DVD costs 2.00 BOB.')).toBe(
      'states no number of days',
    );
    expect(broken('How many days can I keep it?', 'Loans last 3 weeks or 2 months.')).toBe(
      'states weeks, months, not days',
    );
  });

  it('names what a how-many counts in the words the question wrote', () => {
    expect(broken('How many study rooms are there?', 'The library has 40 seats.')).toBe(
      'states no number of study rooms',
    );
  });

  it('keeps a rate question answered with no period, and names each period stated', () => {
    expect(broken('How many hours per week can I book?', 'A member can book 2 hours.')).toBeUndefined();
    expect(broken('How many hours per week can I book?', 'Book 2 hours a day, 10 hours a month.')).toBe(
      'gives a figure per day, month, not per week',
    );
  });

  it('finds a phone number of seven digits or more, wherever it stands, and no shorter number', () => {
    for (const unit of ['0123456789 is the front desk.', 'The desk: 0123456789'])
      expect(broken("What's the phone number?", unit)).toBeUndefined();
    expect(broken("What's the phone number?", 'The desk is in room 101.')).toBe('states no phone number');
  });

  it('finds a web address written with http, or as a name under .org', () => {
    expect(broken('What is the website?', 'See http://alder.example/desk for more.')).toBeUndefined();
    expect(broken('What is the website?', 'Visit alder.org for more.')).toBeUndefined();
  });

  it('finds a name capitalised inside the sentence or quoted, and no name in a sentence without one', () => {
    const asked = 'What is the name of the castle?';
    expect(broken(asked, 'The castle is called Montmartre.')).toBeUndefined();
    expect(broken(asked, 'The castle is called  Montmartre.')).toBeUndefined();
    expect(broken(asked, 'The castle is called "montmartre" locally.')).toBeUndefined();
    expect(broken(asked, 'The castle is called “montmartre” locally.')).toBeUndefined();
    expect(broken(asked, 'The castle is very old.')).toBe('states no name');
  });

  it('finds a password written after "is" or a colon, with or without a space', () => {
    for (const unit of ['The password is alder2024.', 'The wifi password: alder2024', 'Password:alder2024'])
      expect(broken('What is the wifi password?', unit)).toBeUndefined();
    expect(broken('What is the wifi password?', 'Ask for the password at the desk.')).toBe(
      'states no password',
    );
  });
});

describe('what a how-many counts', () => {
  const counts = (question: string, unit: string, about?: string) =>
    countsAskedThing(constraintsOf(question), unit, about);

  it('is met by any unit when the question counts nothing', () => {
    expect(counts('How long is a loan?', 'Loans are free.')).toBe(true);
  });

  it('is not met by a duration of another unit, nor by the words after a duration', () => {
    expect(counts('How many books can I borrow?', 'Books can be borrowed for 21 days.')).toBe(false);
    expect(counts('How many books can I borrow?', 'Loans last 21 days for books.')).toBe(false);
  });

  it('is met by the noun beside a number, not one three words on: "10 items, including books"', () => {
    expect(counts('How many items can I borrow?', 'Members may borrow 10 items, including books.')).toBe(
      true,
    );
    expect(counts('How many books can I borrow?', 'Members may borrow 10 items, including books.')).toBe(
      false,
    );
  });

  it('takes a header’s words only for a unit that holds a figure', () => {
    expect(counts('How many renewals for a DVD?', '| DVDs | none |', '| Item | Renewals |')).toBe(false);
  });
});

describe('a figure of the kind asked', () => {
  it('is an amount, a percentage or "free" for how much, and nothing else', () => {
    expect(figure('How much is a hold?', 'It costs 3.00 BOB.')).toBe(true);
    expect(figure('How much is a hold?', 'Members get 10% off.')).toBe(true);
    expect(figure('How much is a hold?', 'Holds cost nothing.')).toBe(true);
    expect(figure('How much is a hold?', 'Holds are kept for 7 days.')).toBe(false);
  });

  it.each([
    'A hold costs nothing.',
    'Holds cost nothing.',
    'Members pay nothing for a hold.',
    'A member pays nothing for a hold.',
    'Members pay no fines on holds.',
    'A member pays no fines on holds.',
    'There is no charge for a hold.',
    'There are no charges for holds.',
    'There is no hold charge.',
    'There is no fee for a hold.',
    'There are no fees for holds.',
    'There is no cost for a hold.',
    'There are no costs for holds.',
  ])('%j says how much: nothing', (unit) => {
    expect(figure('How much is a hold?', unit)).toBe(true);
  });

  it('is a number of the thing counted for how many', () => {
    expect(figure('How many books can I borrow?', 'The library has 6 study rooms.')).toBe(false);
    expect(figure('How many rooms are there?', 'The library has 6 study rooms.')).toBe(true);
  });

  it('is a time, a date, a duration or a number for when', () => {
    for (const unit of [
      'It is cleaned at 7:00.',
      'It is cleaned on 3 March.',
      'It is cleaned every 2 days.',
      'It was built in 1998.',
    ])
      expect(figure('When is the sauna cleaned?', unit)).toBe(true);
    expect(figure('When is the sauna cleaned?', 'The sauna is cleaned often.')).toBe(false);
  });

  it('is a number or a duration for how old and how deep', () => {
    expect(
      figure('How old must children be to swim alone?', 'Children under 8 years swim with an adult.'),
    ).toBe(true);
    expect(figure('How deep is the pool?', 'The pool is deep.')).toBe(false);
    expect(figure('How deep is the pool?', 'The pool is 2 metres deep.')).toBe(true);
  });

  it('throws on a kind of answer it does not know: a new kind must be handled', () => {
    const unknown = 'colour' as AnswerKind;
    expect(() =>
      statesAskedFigure({ kind: unknown, constraints: constraintsOf('What colour?'), unit: 'Red.' }),
    ).toThrow();
  });
});

describe('"how many times": the count of what the question does', () => {
  it('takes the Renewals column for "how many times can I renew a book?", and no column for seats', () => {
    const row = { unit: '| Books | 21 days | 3 |', about: '| Item type | Loan period | Renewals |' };
    expect(
      brokenConstraint({ constraints: constraintsOf('How many times can I renew a book?'), ...row }),
    ).toBeUndefined();
    expect(
      brokenConstraint({ constraints: constraintsOf('How many seats are in the quiet areas?'), ...row }),
    ).toBe('states no number of seats');
    // Only a header may say what the times count: a number in a sentence still counts times, not books.
    const times = constraintsOf('How many times can I renew a book?');
    expect(times).toMatchObject({ counted: ['tim'], countedByHeader: ['tim', 'renew', 'book'] });
    expect(brokenConstraint({ constraints: times, unit: 'You can borrow 20 books.', about: '' })).toBe(
      'states no number of times',
    );
  });
});

describe('a version question: a unit states the figure asked only with a version number', () => {
  it('takes "Preact 10.2.0", not a table cell or a count', () => {
    const constraints = constraintsOf('Since which release can I use the hook?');
    const states = (unit: string) => statesAskedFigure({ kind: 'version', constraints, unit });
    expect(states('The hook was introduced with Preact 10.2.0.')).toBe(true);
    expect(states('| Books | 21 days | 3 |')).toBe(false);
  });

  it('widens what a header may count only for "how many times", not for "timestamps" or seats', () => {
    expect(constraintsOf('How many timestamps are kept?').countedByHeader).toBeUndefined();
    expect(constraintsOf('How many seats are there?').countedByHeader).toBeUndefined();
    expect(constraintsOf('How many time slots are there?').countedByHeader).toEqual(['tim', 'slot']);
  });
});
