import { describe, expect, it } from 'vitest';
import { answerKind, formClause, questionForm, VERSION_NUMBER } from '../../../src/reader/question/form';
import { phrasesOf, readQuestion } from '../../../src/reader/question/shape';
import { typoOfFunctionWord } from '../../../src/reader/question/typos';

describe('the question form: one home for the stand-in and its check', () => {
  it('reads a query of keywords by the noun it asks with, where no clause has a form', () => {
    expect(questionForm('dvd loan length')).toEqual({ kind: 'duration', words: ['length'] });
    expect(questionForm('adult card price')).toEqual({ kind: 'amount', words: ['price'] });
    expect(readQuestion('dvd loan length').terms).toEqual(['dvd', 'loan']);
    // A question with a form of its own keeps it; a noun elsewhere is a word like another.
    expect(answerKind('how many renewals for a dvd loan of that length?')).toBe('count');
    expect(answerKind('what is the loan length?')).toBe('thing');
  });

  it('reads "what is the price of" as a price question, its price word as the form', () => {
    expect(questionForm("what's the fee for an interlibrary loan?")).toEqual({
      kind: 'amount',
      words: ['what', 's', 'the', 'fee'],
    });
    expect(answerKind('What is the cost of a visitor card?')).toBe('amount');
    expect(answerKind('what would be the charge for printing?')).toBe('amount');
    // A charge the question names is what it asks about; "rate" is as often no price ("rate of fire").
    expect(answerKind('what is the overdue charge?')).toBe('thing');
    expect(answerKind('what is the rate of fire?')).toBe('thing');
  });

  it('reads the form of the first clause that has one, after a greeting or a remark', () => {
    expect(answerKind('hi, im 15, can i get a card on my own?')).toBe('yes_no');
    expect(answerKind('Hello, how much is a Visitor card?')).toBe('amount');
    expect(answerKind('how long dose it take to join, and can i borrow straight away?')).toBe('duration');
    // A dash between words ends a clause as a comma does; a hyphen inside a word does not.
    expect(answerKind('upgrading from preact 8 - which version of the renderer do I need?')).toBe('version');
    expect(answerKind('my nan is 70 – is there a cheaper card?')).toBe('yes_no');
    expect(answerKind('a grown-up card—how much is it?')).toBe('amount');
    expect(answerKind('how much is a grown-up card?')).toBe('amount');
    // Nor a range, written with a hyphen or an en dash.
    expect(formClause('Is the hall open 9:00–17:00 for the Franco–Prussian talk?')).toBe(
      'Is the hall open 9:00–17:00 for the Franco–Prussian talk?',
    );
    expect(formClause('can I borrow 5 - 10 items?')).toBe('can I borrow 5 - 10 items?');
  });

  it('does not read a "when" inside the question as its form (issue 12: the form written twice)', () => {
    expect(answerKind('What happens when my card expires?')).toBe('thing');
    expect(answerKind('When does my card expire?')).toBe('time');
  });

  it('reads a "when" with a subject after it as a condition, and the question as the clause that follows', () => {
    expect(answerKind('When I call simulate(), are real DOM events dispatched?')).toBe('yes_no');
    expect(answerKind('When the library is closed, where can I return books?')).toBe('place');
    // A "when" with an auxiliary after it asks when, whatever follows; so does a condition with no question.
    expect(answerKind('When is the pool open, and how much is it?')).toBe('time');
    expect(answerKind('when r u open, and is there parking?')).toBe('time');
    expect(answerKind('when my card expires?')).toBe('time');
    // A clause asking what, with no form of its own, is the question too.
    expect(answerKind('When I join, what do I need to bring?')).toBe('thing');
  });

  it('gives the clause the form was read from, after a condition or a remark, and none for no form', () => {
    expect(formClause('Hi, what does the TEU not do?')).toBe('what does the TEU not do?');
    expect(formClause('When I call simulate(), are real DOM events dispatched?')).toBe(
      'are real DOM events dispatched?',
    );
    expect(formClause('when my card expires?')).toBe('when my card expires?');
    expect(formClause('the fines')).toBeUndefined();
    // A clause after ", and" is read without its "and".
    expect(formClause("What's not allowed, and how much is the fine?")).toBe('how much is the fine?');
  });

  it('splits clauses at a bare "and", and reads a yes/no word only as a whole word: "this" is no "is"', () => {
    expect(answerKind('My card expired and how much is a new one?')).toBe('amount');
    expect(answerKind('This card, how much is it?')).toBe('amount');
  });

  it('gives no form words for a question that has no form', () => {
    expect(questionForm('What is the minimum age to join?')).toEqual({ kind: 'thing', words: [] });
  });

  it('gives the form’s own words, which say what kind of answer and not what it is about', () => {
    expect(questionForm('How long can I keep a magazine?')).toEqual({
      kind: 'duration',
      words: ['how', 'long'],
    });
    expect(readQuestion('How long can I keep a magazine?').terms).toEqual(['keep', 'magazin']);
    expect(readQuestion('What time does the library open?').terms).not.toContain('time');
    // "How many times" asks how often: "times" is the form's, the thing counted is what is done.
    expect(questionForm('How many times can I renew a book?')).toEqual({
      kind: 'count',
      words: ['how', 'many', 'times'],
    });
    expect(readQuestion('How many times can I renew a book?').terms).toEqual(['renew', 'book']);
    expect(readQuestion('How many timetables are there?').terms).toHaveLength(1);
  });

  it('reads "how far ahead" and "how far in advance" as asking how long before, and "how far" alone as a distance', () => {
    expect(questionForm('how far ahead can i reserve a room?')).toEqual({
      kind: 'duration',
      words: ['how', 'far', 'ahead'],
    });
    // "in advance" stays a word the answer is looked for with.
    expect(questionForm('How far in advance can I book?')).toEqual({
      kind: 'duration',
      words: ['how', 'far'],
    });
    expect(readQuestion('How far in advance can I book?').terms).toContain('advanc');
    expect(answerKind('How far is the station?')).toBe('measure');
    expect(answerKind('How far aheadish is it?')).toBe('measure');
  });

  it('leaves out the words that say how a question is put: "still", "anything", "what happens if"', () => {
    expect(readQuestion('can i still borrow if my card has expired?').terms).toEqual([
      'borrow',
      'card',
      'expir',
    ]);
    expect(readQuestion('What happens if someone is noisy?').terms).toEqual(['nois']);
    expect(readQuestion('will I be able to borrow again a few months ago?').terms).toEqual([
      'borrow',
      'month',
    ]);
    // Nor are they part of a thing the question names.
    expect(phrasesOf('is the book I want still in?').map((phrase) => phrase.text)).toEqual(['book']);
  });
});

describe('the words around a question are not what it asks about', () => {
  it('leaves out courtesy before and after it: "Hi! … Cheers"', () => {
    expect(readQuestion('Hi! I got married - what do I need to show? Cheers').terms).toEqual([
      'mar',
      'need',
      'show',
    ]);
  });

  it('reads chat spellings of small words as those words: "r u open on sundays?"', () => {
    expect(readQuestion('r u open on sundays?').terms).toEqual(['open', 'sunda']);
    expect(readQuestion('im 15, can i join with ur card?').terms).toEqual(['15', 'join', 'card']);
  });
});

describe('who is on a group asks who belongs to it', () => {
  it('reads "who is on", "who sits on", "who are the members of" as asking for members', () => {
    expect(answerKind("who's on the library services committee?")).toBe('member');
    expect(answerKind('Who sits on the board?')).toBe('member');
    expect(answerKind('Who are the members of the committee?')).toBe('member');
  });

  it('reads any other "who" as asking for a person: "who is in charge?", "who is the head librarian?"', () => {
    expect(answerKind('Who is in charge?')).toBe('person');
    expect(answerKind('Who is the head librarian?')).toBe('person');
  });
});

describe('a question about cost in yes/no form asks for an amount', () => {
  it('reads "is there a charge", "does it cost", "do I have to pay", "is it free" as asking how much', () => {
    expect(questionForm('is there a charge for booking a study room?')).toEqual({
      kind: 'amount',
      words: ['charge'],
    });
    expect(answerKind('Does it cost anything to put a book on hold?')).toBe('amount');
    expect(answerKind('do children have to pay for a library card?')).toBe('amount');
    expect(answerKind('Is the wifi free?')).toBe('amount');
    expect(answerKind('hi, are there any fees for renewing?')).toBe('amount');
  });

  it('keeps the cost word out of what the question is about, and the words before it in', () => {
    expect(readQuestion('Is the wifi free?').terms).toEqual(['wif']);
    expect(readQuestion('do children have to pay for a library card?').terms).toEqual([
      'child',
      'librar',
      'card',
    ]);
  });

  it('reads a cost that is not what is asked about as yes/no: the object of another verb, "free" as available', () => {
    for (const question of [
      'Can I appeal a charge?',
      'Can I pay charges in the app?',
      'do children have to pay overdue charges?',
      'Does the overdue charge stop when the library is closed?',
      'Can junior card holders be charged?',
      'Is the room free at 3pm?',
      'Are you free on Monday?',
    ]) {
      expect(answerKind(question), question).toBe('yes_no');
    }
  });

  it('reads "can I pay…" as asking how, and a yes/no question with no cost word as yes/no', () => {
    expect(answerKind('Can I pay my fines by credit card?')).toBe('yes_no');
    expect(answerKind('Is there a lift to the second floor?')).toBe('yes_no');
    expect(answerKind('How much is a card?')).toBe('amount');
  });
});

describe('a version question: documentation answers it with a number', () => {
  it('reads "which/what … version or release" as asking for a version, after a preposition too', () => {
    expect(answerKind('Which Node.js version does renderToPipeableStream require?')).toBe('version');
    expect(answerKind('What minimum version of the renderer does useId rely on?')).toBe('version');
    expect(answerKind('Since which release can I catch errors with the hook?')).toBe('version');
    expect(answerKind('As of which Preact release can a ref callback return a cleanup?')).toBe('version');
    expect(answerKind('In which releases was the API deprecated?')).toBe('version');
  });

  it('keeps what the version is of among the words the question is about', () => {
    expect(questionForm('Which Node.js version does it require?')).toEqual({
      kind: 'version',
      words: ['which', 'version'],
    });
    expect(readQuestion('Which Node.js version does it require?').terms).toEqual(['nod', 'js', 'requir']);
    expect(answerKind('What is the latest version?')).toBe('version');
    // A qualifier is the form's own word; a name before "version" is what the question is about.
    expect(questionForm('What minimum version of the renderer does it need?').words).toEqual([
      'what',
      'minimum',
      'version',
    ]);
  });

  it('is answered by a version as documentation writes one, a major line ("5.x") too, not a bare number', () => {
    for (const text of ['Needs 10.2.0.', 'Use v2.', 'Needs Node 18.', '| preact-router | 2.x | 3.x |']) {
      expect(VERSION_NUMBER.test(text)).toBe(true);
    }
    for (const text of ['| Books | 21 days | 3 |', 'the 5.xml files', 'open 5 days a week']) {
      expect(VERSION_NUMBER.test(text)).toBe(false);
    }
  });

  it('keeps the forms it is not: a version named later, a "which time", a bare "what"', () => {
    expect(answerKind('What does version 10 change?')).toBe('thing');
    // "release" qualifying another noun: release notes, release channels.
    expect(answerKind('Which release notes mention hooks?')).toBe('thing');
    expect(answerKind('What other release channels exist?')).toBe('thing');
    expect(answerKind('Which time does the release go out?')).toBe('time');
    expect(answerKind('Is there a new release?')).toBe('yes_no');
  });
});

describe('what the question asks about: the too-strict checks of issue 14', () => {
  it('does not take a capitalised courtesy word after the question for a name', () => {
    expect(phrasesOf('Is the library open on Sunday? Thanks!').map((phrase) => phrase.text)).toEqual([
      'library open',
      'Sunday',
    ]);
    expect(phrasesOf('What does a Visitor card cost? Cheers').map((phrase) => phrase.text)).toEqual([
      'Visitor card',
    ]);
  });

  it('still takes a capitalised word inside the question for a name (guard)', () => {
    expect(phrasesOf('What are the hours at the Birch Road branch?').map((phrase) => phrase.text)).toContain(
      'Birch Road branch',
    );
  });

  it('does not require "one" of "a new one": it points back, it names nothing', () => {
    const question = readQuestion('I lost my card, what will a new one cost?');
    expect(question.terms).not.toContain('one');
    expect(question.phrases.map((phrase) => phrase.text)).not.toContain('new one');
    expect(question.phrases.map((phrase) => phrase.text)).not.toContain('new');
  });

  it('reads a small word typed wrong as that word, not as a thing to find', () => {
    expect(typoOfFunctionWord('dose')).toBe(true);
    expect(typoOfFunctionWord('waht')).toBe(true);
    // Real words a slip away from a small word, of another length or first letter, are kept.
    expect(typoOfFunctionWord('hours')).toBe(false);
    expect(typoOfFunctionWord('hour')).toBe(false);
    expect(typoOfFunctionWord('card')).toBe(false);
    expect(typoOfFunctionWord('does')).toBe(false);
    // A letter changed is no slip: it makes real words of small ones ("are dogs allowed?" is about dogs).
    for (const word of ['dogs', 'dies', 'wall', 'thin', 'mist']) expect(typoOfFunctionWord(word)).toBe(false);
    // Two letters swapped only where they are neighbours; the first letter stays.
    expect(typoOfFunctionWord('dseo')).toBe(false);
    expect(typoOfFunctionWord('odes')).toBe(false);
    expect(typoOfFunctionWord('whne')).toBe(true);
    // Exactly one swap, of two letters each standing where the other should: "tehx" is no "then", "wenn"
    // and "wahn" no "when"; a shorter word is no swap of a longer one ("thie" of "their").
    for (const word of ['tehx', 'wenn', 'wahn', 'thie']) expect(typoOfFunctionWord(word)).toBe(false);
    // Three letters are enough for a swap; the first letter stays ("hte" is no "the").
    for (const word of ['teh', 'hwo', 'yuo']) expect(typoOfFunctionWord(word)).toBe(true);
    for (const word of ['hte', 'fo']) expect(typoOfFunctionWord(word)).toBe(false);
  });
});
