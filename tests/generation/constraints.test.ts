import { describe, expect, it } from 'vitest';
import { brokenConstraint, constraintsOf, statesAskedFigure } from '../../src/generation/constraints';

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
    expect(broken('How much in US dollars?', 'Each hold is free.')).toBeUndefined();
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
  });
});

import { answerKind as questionFormKind } from '../../src/generation/question-form';
