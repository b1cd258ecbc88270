import { describe, expect, it } from 'vitest';
import { createExtractiveClient, rankCandidates } from '../../src/reader/extractive';
import { FEATURES } from '../../src/reader/features';
import { READER_MODEL } from '../../src/reader/model';
import { asksNegated, questionAsRead, readQuestionText } from '../../src/reader/question/question';
import {
  confidence,
  FEATURE_NAMES,
  type Features,
  type HardRule,
  type ReaderModel,
  readPassages,
  standInsOf,
} from '../../src/reader/read';
import { TFIDF } from '../../src/retrieval/model';
import { buildPostings } from '../../src/retrieval/postings';
import { createRetriever, passageText } from '../../src/retrieval/retrieve';
import { termOf, tokenize } from '../../src/text/tokenize';
import type { Passage } from '../../src/types';

const passage = (text: string, id = 'f#p'): Passage => ({ id, file: 'f.md', line: 1, trail: ['F'], text });
// Each rule shown alone: the kind rule (rules/kind.ts: no one for "who") would otherwise be the reason a
// unit is ruled out in many of these sentences; it has tests of its own, and rankCandidates reads it.
const KIND_ASIDE = { rules: new Set<HardRule>(['kind']) };
/** Why the first unit of a one-passage text never answers `question`; undefined when it may. */
const firstBroken = (question: string, text: string) =>
  readPassages({ off: KIND_ASIDE, question: readQuestionText(question), passages: [passage(text)] })
    .candidates[0]?.broken;
const zero = Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])) as Features;
const prompt = { version: 'answer.v3', text: 'test' };

/** Each unit's hard rule broken for a question ("kept" when none), in the order the reader ranks them. */
const brokenRules = (passages: Passage[]) => (question: string) =>
  rankCandidates({ question: readQuestionText(question), passages, off: KIND_ASIDE }).ranked.map(
    (scored) => scored.candidate.broken ?? 'kept',
  );

async function reply(question: string, passages: Passage[], model: ReaderModel) {
  const outcome = await createExtractiveClient({ model }).generate({ question, passages, prompt });
  if (!outcome.ok) throw new Error('the stand-in never fails');
  return outcome.reply;
}

describe('the reader model', () => {
  it('has a fitted weight for every feature and says where it came from', () => {
    expect(Object.keys(READER_MODEL.weights).sort()).toEqual([...FEATURE_NAMES].sort());
    expect(READER_MODEL.source).toMatch(/npm run fit:reader/u);
    expect(READER_MODEL.threshold).toBeGreaterThan(0);
    expect(READER_MODEL.threshold).toBeLessThan(1);
  });

  it('turns features into a confidence by the logistic of the weighted sum', () => {
    const model = { bias: -1, weights: { ...zero, termCover: 2, firstPassage: -1 } };
    expect(confidence(model, zero)).toBeCloseTo(1 / (1 + Math.exp(1)), 12);
    expect(confidence(model, { ...zero, termCover: 1 })).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(confidence(model, { ...zero, termCover: 1, firstPassage: 1 })).toBeCloseTo(0.5, 12);
  });

  it('answers at or above the threshold and refuses below it', async () => {
    const text = 'A member can book a study room for up to 2 hours a day.';
    const ask = 'How long can I book a study room for?';
    const [best] = rankCandidates({ question: readQuestionText(ask), passages: [passage(text)] }).ranked;
    const sure = best?.confidence ?? 0;
    expect(sure).toBeGreaterThan(0);
    expect((await reply(ask, [passage(text)], { ...READER_MODEL, threshold: sure })).answered).toBe(true);
    const above = { ...READER_MODEL, threshold: sure + 1e-9 };
    const refused = await reply(ask, [passage(text)], above);
    expect(refused.answered).toBe(false);
    expect(refused.answer).toContain(`below the ${above.threshold.toFixed(2)} an answer needs`);
  });

  it('never answers with a unit that breaks what the question fixes, however low the threshold', async () => {
    const model = { ...READER_MODEL, threshold: 0 };
    const cost = passage('A Visitor card costs 30.00 BOB per year.');
    const refused = await reply('How much is a Visitor card in euros?', [cost], model);
    expect(refused.answered).toBe(false);
    expect(refused.answer).toContain('states BOB, not EUR');
    expect((await reply('How much is a Visitor card?', [cost], model)).answered).toBe(true);
  });

  it('never answers a "who" with a unit that names no one, however low the threshold', async () => {
    const model = { ...READER_MODEL, threshold: 0 };
    const sauna = passage('The sauna is cleaned every evening.');
    const refused = await reply('Who cleans the sauna?', [sauna], model);
    expect(refused).toMatchObject({ answered: false });
    expect(refused.answer).toContain('names no one');
  });

  it('describes each unit by how it meets the question', () => {
    const text = 'The quiet areas have 40 reading seats.\n\nPhones must be silent.';
    const { candidates } = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('How many seats are in the quiet areas?'),
      passages: [passage(text)],
    });
    const [seats, phones] = candidates;
    expect(seats?.features).toMatchObject({ termCover: 1, contextCover: 1, kindExact: 1, firstPassage: 1 });
    expect(seats?.holdsKind).toBe(true);
    expect(phones?.features).toMatchObject({ termCover: 0, kindExact: 0 });
    expect(phones?.holdsKind).toBe(false);
    expect(phones?.broken).toBe('states no number of seats');
  });

  it('marks the share of the question’s terms its own passage lacks and another passage given holds', () => {
    const rooms = passage('Study rooms can be booked 7 days in advance.', 'f#rooms');
    // "computer" only in the computers' passage's headings.
    const computers = {
      ...passage('Each session lasts 60 minutes.', 'f#computers'),
      trail: ['Spaces', 'Computers'],
    };
    const elsewhere = (question: string, passages: Passage[]) =>
      readPassages({ off: KIND_ASIDE, question: readQuestionText(question), passages }).candidates.map(
        (c) => c.features.termsElsewhere,
      );
    // "computer" is the computers' passage's (in its text and heading), not the study rooms'; "advance"
    // and "book" are the study rooms' passage's.
    expect(elsewhere('How far in advance can I book a computer?', [rooms, computers])).toEqual([
      1 / 3,
      2 / 3,
    ]);
    // A term no passage holds ("sunday") is elsewhere for none.
    expect(elsewhere('How far in advance can I book a computer on Sunday?', [rooms, computers])).toEqual([
      1 / 4,
      2 / 4,
    ]);
    // Given alone, the study rooms' passage lacks "computer" with no other passage holding it.
    expect(elsewhere('How far in advance can I book a computer?', [rooms])).toEqual([0]);
    expect(elsewhere('Can I book a study room in advance?', [rooms, computers])).toEqual([0, 1]);
    // A question with no terms has none elsewhere.
    expect(elsewhere('What is it?', [rooms, computers])).toEqual([0, 0]);
  });

  it('counts a question word no passage uses, and leaves out a typo of a small word', () => {
    const text = 'Joining takes about 10 minutes at the front desk.';
    const reading = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('how long dose joining take? any parking?'),
      passages: [passage(text)],
    });
    expect(reading.typos).toEqual(['dose']);
    expect(reading.candidates[0]?.features.unseenTerms).toBeCloseTo(1 / 3, 12);
  });

  it('marks a unit lacking a negation by any negative word: "no", "none", "nobody", "nothing", "neither", "nor"', () => {
    for (const word of ['no', 'none', 'nobody', 'nothing', 'neither', 'nor', 'never', 'not', 'cannot']) {
      const text = `Lanes 1 and 2 are for fast swimmers.\n\nLane 6 is ${word} for slow swimmers.`;
      const [fast, six] = readPassages({
        off: KIND_ASIDE,
        question: readQuestionText('Which lanes are not for fast swimmers?'),
        passages: [passage(text)],
      }).candidates;
      expect([word, fast?.features.negationAbsent, six?.features.negationAbsent]).toEqual([word, 1, 0]);
    }
  });

  it('marks a unit that lacks a negation the question states', () => {
    const text = 'Lanes 1 and 2 are for fast swimmers.\n\nLane 6 is never open to the public.';
    const features = (question: string) =>
      readPassages({
        off: KIND_ASIDE,
        question: readQuestionText(question),
        passages: [passage(text)],
      }).candidates.map((c) => c.features.negationAbsent);
    expect(features('Which lanes are not for fast swimmers?')).toEqual([1, 0]);
    expect(features("Which lanes aren't for fast swimmers?")).toEqual([1, 0]);
    expect(features('Which lanes are for fast swimmers?')).toEqual([0, 0]);
  });

  it('rules out a unit that does not state a year the question states; other figures only count against it', () => {
    const text = 'The pool opened in 1985 and was rebuilt in 2010.\n\nStudy rooms seat up to 8 people.';
    const read = (question: string, about = text) =>
      readPassages({ off: KIND_ASIDE, question: readQuestionText(question), passages: [passage(about)] })
        .candidates;
    expect(read('What happened to the pool in 1987?').map((c) => c.broken)).toEqual([
      'does not say 1987',
      'does not say 1987',
    ]);
    expect(read('What happened to the pool in 2010?')[0]?.broken).toBeUndefined();
    // In passages that state no year, a year is only when the question is asked; "1000 pages" is no year.
    const prices = 'Printing costs 0.10 BOB per page.';
    expect(read('How much is printing in 2025?', prices)[0]?.broken).toBeUndefined();
    expect(
      read('How much is printing 1000 pages?', `${prices} The library opened in 1990.`)[0]?.broken,
    ).toBeUndefined();
    expect(
      read('How much is printing 1000  pages?', `${prices} The library opened in 1990.`)[0]?.broken,
    ).toBeUndefined();
    // A year qualifies a singular noun ("the 1987 rebuild"); four digits before a plural count it.
    expect(read('What was the cost of the 1987 rebuild?')[0]?.broken).toBe('does not say 1987');
    expect(read('Who paid for the 1987 rebuilds?')[0]?.broken).toBeUndefined();
    // A number read as a year is held by the same number written otherwise ("some 2,000 people").
    expect(
      read('Where did 2000 people swim?', 'Some 2,000 people swam here in 1990.')[0]?.broken,
    ).toBeUndefined();
    // A year is read before a small word ("in 1987 To the pool", any case), and only up to 2100.
    expect(read('What happened in 1987 To the pool?')[0]?.broken).toBe('does not say 1987');
    // Small words ending in "s" count nothing ("in 1987 was", "1987 Was"); a singular noun with an "s"
    // inside is no plural ("the 1987 festival"); a comma after the year ends it, a decimal is no year.
    expect(read('Which pool in 1987 was rebuilt?')[0]?.broken).toBe('does not say 1987');
    expect(read('Which pool in 1987 Was rebuilt?')[0]?.broken).toBe('does not say 1987');
    expect(read('What happened at the 1987 festival?')[0]?.broken).toBe('does not say 1987');
    expect(read('In 1987, what happened to the pool?')[0]?.broken).toBe('does not say 1987');
    expect(read('Who paid 1987.50 for the pool?')[0]?.broken).toBeUndefined();
    expect(read('What happened to the pool in 1000?')[0]?.broken).toBe('does not say 1000');
    expect(read('What happened to the pool in 2100?')[0]?.broken).toBe('does not say 2100');
    expect(read('What happened to the pool in 2101?')[0]?.broken).toBeUndefined();
    // "7 of us" is a condition the answer states as a range: not ruled out.
    const seven = read('There are 7 of us: is a study room big enough?')[1];
    expect(seven?.broken).toBeUndefined();
  });

  it('rules out a unit stating a date or count the question takes as given with another value', () => {
    const text =
      'Bond has three keys to the building.\n\nFilming resumed at Pinewood on 22 April.\n\nThe film was shot on 35 mm stock.';
    const broken = (question: string) =>
      readPassages({
        off: KIND_ASIDE,
        question: readQuestionText(question),
        passages: [passage(text)],
      }).candidates.map((c) => c.broken);
    expect(broken('Who has five keys to the building?')[0]).toBe('says three, not five');
    expect(broken('Where did filming resume on 12 April?')[1]).toBe('says 22 April, not 12 April');
    expect(broken('What was the film shot on in 45 mm?')[2]).toBe('says 35, not 45');
    // The same value, or a figure counting something else, is no contradiction.
    expect(broken('Who has three keys to the building?')[0]).toBeUndefined();
    expect(broken('Who has five doors to the building?')[0]).toBeUndefined();
    // A yes/no question may ask whether the figure is so: the unit stating another one answers it.
    expect(broken('Does Bond have five keys to the building?')[0]).toBeUndefined();
    // A year is left to the rule for years ("2012 … placed" is no count of places): here no passage
    // states one.
    const places = [passage('She fell twelve places.')];
    expect(
      readPassages({
        off: KIND_ASIDE,
        question: readQuestionText('In 2012 who placed her?'),
        passages: places,
      }).candidates[0]?.broken,
    ).toBeUndefined();
    expect(
      readPassages({ off: KIND_ASIDE, question: readQuestionText('Who fell 16 places?'), passages: places })
        .candidates[0]?.broken,
    ).toBe('says twelve, not 16');
  });

  it('rules out a unit stating only other versions of a name the question asks a version of', () => {
    const text =
      'There are limits in Preact v10 when hydrating.\n\nThis has been solved in Preact v11.\n\nHydration is resumed.';
    const broken = (question: string) =>
      readPassages({
        off: KIND_ASIDE,
        question: readQuestionText(question),
        passages: [passage(text)],
      }).candidates.map((c) => c.broken);
    expect(broken('in preact v11 what are the hydration limits?')).toEqual([
      'says Preact v10, not preact v11',
      undefined,
      undefined,
    ]);
    // The version asked, or a name the passages give no version, rules nothing out.
    expect(broken('in preact v10 what are the hydration limits?')[0]).toBeUndefined();
    expect(broken('in node 18 what are the hydration limits?')[0]).toBeUndefined();
    // A version inside a bound the unit states is one it covers.
    const node = (question: string) =>
      readPassages({
        off: KIND_ASIDE,
        question: readQuestionText(question),
        passages: [passage('Hydration needs Node 18 or later.')],
      }).candidates[0]?.broken;
    expect(node('in node 20 what does hydration need?')).toBeUndefined();
    expect(node('in node 16 what does hydration need?')).toBe('says Node 18, not node 16');
    // A yes/no question may ask whether it is so of that version: the other version answers it.
    expect(broken('are there hydration limits in preact v11?')[0]).toBeUndefined();
    // Nor is a version in a condition taken as given: the unit on another version may say what it needs.
    expect(broken('if i use preact v11 what are the hydration limits?')[0]).toBeUndefined();
  });

  it('takes no condition of a question as given: not in a clause of "if" or "when", not against a bound', () => {
    expect(firstBroken('Who borrows 25 items?', 'Ana borrows 20 items.')).toBe('says 20, not 25');
    // A condition the unit's limit decides.
    expect(firstBroken('What happens if I borrow 25 items?', 'Ana borrows 20 items.')).toBeUndefined();
    expect(firstBroken('What card do I get when I have 25 items?', 'Ana borrows 20 items.')).toBeUndefined();
    expect(firstBroken('Who borrows 25 items?', 'Each member can borrow up to 20 items.')).toBeUndefined();
    expect(firstBroken('Who borrows 25 items?', 'A member borrows no more than 20 items.')).toBeUndefined();
    // The value asked, stated anywhere in the unit, even as a bound, may be the one asked about.
    expect(firstBroken('Who borrows 20 items?', 'Ana borrows 15 items or up to 20 items.')).toBeUndefined();
    // "when" after a comma and a space opens a condition too.
    expect(firstBroken('What card do I get, when I have 25 items?', 'Ana borrows 20 items.')).toBeUndefined();
    // Only a bound right before the figure: one earlier in the sentence bounds something else.
    expect(firstBroken('Who borrows 25 items?', 'By noon Ana borrows 20 items.')).toBe('says 20, not 25');
    // A bound word is a whole word: "into" is no "to".
    expect(firstBroken('Who put 25 items away?', 'Ana put them into 20 items.')).toBe('says 20, not 25');
    // Durations, times and amounts are as often conditions a unit bounds: never taken as given.
    expect(
      firstBroken('What happens to a book 3 days late?', 'A grace period of 2 days applies.'),
    ).toBeUndefined();
    expect(
      firstBroken('Which rooms are open at 10 am?', 'The rooms are open 9:00 to 17:00.'),
    ).toBeUndefined();
    expect(
      firstBroken(
        'What is the fine on a book worth 20.00 BOB?',
        'A lost book costs its list price plus 5.00 BOB.',
      ),
    ).toBeUndefined();
  });

  it.each([
    'under 20',
    'over 20',
    'within 20',
    'after 20',
    'before 20',
    'until 20',
    'by 20',
    'from 20',
    'to 20',
    'to  20',
    'between 10 and 20',
    'more than 20',
    'more  than 20',
    'Less than 20',
    'less  than 20',
    'fewer than 20',
    'fewer  than 20',
    'at least 20',
    'at  least 20',
    'at most 20',
    'at  most 20',
    'maximum 20',
    'maximum of 20',
    'maximum  of 20',
    'minimum 20',
    'minimum of 20',
    'minimum  of 20',
  ])('reads "%s" items as a bound, which a count asked within it does not contradict', (bound) => {
    expect(firstBroken('Who borrows 25 items?', `Ana borrows ${bound} items.`)).toBeUndefined();
  });

  it('holds a question’s word for days in a unit naming one of its days, and no other', () => {
    const hours = passage('- Monday to Friday: open 9:00 to 20:00.\n- Sat: open 10:00 to 16:00.');
    const cover = (question: string) => {
      const reading = readPassages({
        off: KIND_ASIDE,
        question: readQuestionText(question),
        passages: [hours],
      });
      return {
        unseen: reading.unseen,
        cover: reading.candidates.map((candidate) => candidate.features.termCover),
      };
    };
    // "weekdays" is Monday to Friday, not Saturday; "saturday" is "Sat:" and not the weekdays. Both units
    // hold "open"; only one holds the days.
    const weekdays = cover('What time do you open on weekdays?');
    expect(weekdays.unseen).toEqual([]);
    expect(weekdays.cover[0]).toBe(1);
    expect(weekdays.cover[1]).toBeLessThan(1);
    const saturday = cover('what time do you open on saturday?');
    expect(saturday.cover[1]).toBe(1);
    expect(saturday.cover[0]).toBeLessThan(1);
    // One day of a range is enough: "Monday:" holds "weekdays".
    const monday = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('What time do you open on weekdays?'),
      passages: [passage('Monday: open 9:00.\n\nSat: open 10:00.')],
    });
    expect(monday.candidates[0]?.features.termCover).toBe(1);
    // A day the passage never names stays a word no passage uses.
    expect(cover('What time do you open on sundays?').unseen).toHaveLength(1);
  });

  it('holds a time question’s part of the day in a unit stating a clock time, and no other', () => {
    const hours = passage('- Monday to Friday: open 9:00 to 20:00.\n- Sunday: the library is closed.');
    const morning = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('what time do you open on a monday morning?'),
      passages: [hours],
    });
    expect(morning.unseen).toEqual([]);
    expect(morning.candidates[0]?.features.termCover).toBe(1);
    expect(morning.candidates[1]?.features.termCover).toBeLessThan(1);
    // Asked about anything but a time, a part of the day is a word like another.
    const notTimed = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('is the library open in the morning?'),
      passages: [hours],
    });
    expect(notTimed.unseen).toEqual([termOf('morning')]);
    // A figure that is no clock time does not say when ("6 rooms"); a clock time does, beside another.
    const figures = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('when does the hall open on a monday morning?'),
      passages: [
        passage(
          'The hall opens on Monday at 9:00. The hall opens on Monday with 6 rooms. The hall opens on Monday at 9:00 with 6 rooms.',
        ),
      ],
    });
    expect(figures.candidates.map((candidate) => candidate.features.termCover)).toEqual([
      1,
      expect.any(Number),
      1,
    ]);
    expect(figures.candidates[1]?.features.termCover).toBeLessThan(1);
  });

  it('holds a word read through the thesaurus in a text holding any one of its stand-ins', () => {
    const reading = {
      readAs: [],
      expanded: [{ written: 'shut', terms: ['lock', 'closes'] }],
      names: [],
    };
    const read = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('when do you shut?'),
      passages: [passage('The library closes at 20:00.')],
      standIns: standInsOf(reading),
    });
    expect(read.candidates[0]?.features.termCover).toBe(1);
  });

  it.each([
    ['What does the TEU not do?', true],
    ['In what year did the UK not vote?', true],
    ['Which pets cant enter the pool?', true],
    ['Which big pools do the town councils not fund?', true],
    ['What does the very big old pool not allow?', true],
    ['Who has never swum here?', true],
    ['who cant swim here?', true],
    ['Is diving not allowed?', false],
    ['the pool does not allow what?', false],
    ['What does the pool allow if I am not a member?', false],
    ['Which lanes that are not open are free?', false],
    ['What does the pool allow that the gym does not?', false],
    ['What does the pool say members can not do?', false],
    ['What pets never enter the pool?', false],
    // At most three words between the question word and its auxiliary, five between that and "not".
    ['Which of the many pools does not allow diving?', false],
    ['What does the very big old town pool not allow?', false],
    ['', false],
  ])('reads %j as asking what is not so: %s', (clause, asks) => {
    expect(asksNegated(clause)).toBe(asks);
  });

  it('reads every question word, after any leading preposition, as opening a question that may ask what is not so', () => {
    const questions = [
      'Whom did the council not elect?',
      'Whose pets are not allowed?',
      'Where can I not swim?',
      'Why is the pool not open?',
      'How can I not pay?',
      'When is the pool not open?',
      ...'on at for from to by with of after before since during until under'
        .split(' ')
        .map((preposition) => `${preposition} which days is the pool not open?`),
    ];
    expect(questions.filter((question) => !asksNegated(question))).toEqual([]);
  });

  it('rules out a unit without a negation when the clause that asks holds one, and only then', () => {
    const text =
      'The pool allows diving from the side.\n\nRunning on the deck is not allowed.\n\nPets cannot enter.';
    const broken = (question: string) =>
      readPassages({
        off: KIND_ASIDE,
        question: readQuestionText(question),
        passages: [passage(text)],
      }).candidates.map((c) => c.broken);
    // "What does the pool not allow?" is not answered by what it allows; "cannot" is a negation too.
    expect(broken('What does the pool not allow?')).toEqual(['states no negation', undefined, undefined]);
    expect(broken("What can't enter the pool?")).toEqual(['states no negation', undefined, undefined]);
    // The "when" that asks is no condition: "When does the pool not allow diving?" asks about the negation.
    expect(broken('When does the pool not allow diving?')[0]).toBe('states no negation');
    // A negation in a condition, in another clause, in a relative clause, or in a yes/no question rules
    // nothing out; nor does "no" ("room no. 5", "no more than").
    const none = [undefined, undefined, undefined];
    expect(broken('What does the pool allow if I am not a member?')).toEqual(none);
    expect(broken("I don't swim. What does the pool allow?")).toEqual(none);
    expect(broken("What does the pool allow that the gym doesn't?")).toEqual(none);
    expect(broken("How long does a swimmer I haven't met stay?")).toEqual(none);
    expect(broken('Is diving not allowed at the pool?')).toEqual(none);
    expect(broken('Which lanes hold no more than 4 swimmers?')).toEqual(none);
    // The opposite of a word asked says what is not so: "closed" answers "when is it not open?".
    const hours = passage('The pool is open from 7:00.\n\nThe pool is closed on Mondays.');
    const whenNot = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('When is the pool not open?'),
      passages: [hours],
    });
    expect(whenNot.candidates.map((c) => c.broken)).toEqual(['states no negation', undefined]);
  });

  it('rules out a unit that says the opposite of a word the question asks about, and not the word', () => {
    const text = 'Lanes 1 and 2 are for fast swimmers.\n\nLanes 3 and 4 are for fast and slow swimmers.';
    const broken = (question: string) =>
      readPassages({
        off: KIND_ASIDE,
        question: readQuestionText(question),
        passages: [passage(text)],
      }).candidates.map((c) => c.broken);
    expect(broken('Which lanes are for slow swimmers?')).toEqual(['says "fast", not "slow"', undefined]);
    // Asked about both, or about the word the unit says: nothing is opposed.
    expect(broken('Which lanes are for fast or slow swimmers?')).toEqual([undefined, undefined]);
    expect(broken('Which lanes are for fast swimmers?')).toEqual([undefined, undefined]);
    // A yes/no question is answered by a sentence that says the opposite: "no, they are for fast ones".
    expect(broken('Are lanes 1 and 2 for slow swimmers?')).toEqual([undefined, undefined]);
    // A time is answered by a range ("open 9:00 to 20:00" says when it closes); a unit stating both poles
    // contradicts nothing.
    const hours =
      'Monday to Friday: open 9:00 to 20:00.\n\nThe library is open 6 days a week and is closed on holidays.';
    const read = (question: string) =>
      readPassages({
        off: KIND_ASIDE,
        question: readQuestionText(question),
        passages: [passage(hours)],
      }).candidates.map((c) => c.broken);
    expect(read('What time does the library close?')).toEqual([undefined, undefined]);
    expect(read('Which library is shut?')).toEqual(['says "open", not "shut"', undefined]);
    // So for who, who is on, and where: each asks for a thing the opposite does not name.
    const coaches = passage('Ana coaches the fast swimmers.');
    const first = (question: string, about = coaches) =>
      readPassages({ off: KIND_ASIDE, question: readQuestionText(question), passages: [about] }).candidates[0]
        ?.broken;
    expect(first('Who coaches the slow swimmers?')).toBe('says "fast", not "slow"');
    expect(first('Who is on the slow committee?', passage('Ana sits on the fast committee.'))).toBe(
      'says "fast", not "slow"',
    );
    expect(first('Where do slow swimmers swim?', passage('Fast swimmers swim in the outdoor pool.'))).toBe(
      'says "fast", not "slow"',
    );
    // Adjectives compared are read as their base: "oldest" says the opposite of "youngest", "slower" of
    // "faster"; other inflections are not ("takes" is no opposite of "gave"), nor is a small word a pole.
    expect(first('Who is the youngest swimmer?', passage('Ana is the oldest swimmer.'))).toBe(
      'says "old", not "youngest"',
    );
    expect(first('Who swims faster?', passage('Ana swims slower.'))).toBe('says "slow", not "faster"');
    // Compared too: asked about both poles, or a unit stating both, opposes nothing.
    expect(first('Who swims faster or slower?', passage('Ana swims slower.'))).toBeUndefined();
    expect(
      first('Who is the oldest swimmer?', passage('Ana is younger than Ben, who is older.')),
    ).toBeUndefined();
    // Only a word the question asks about: "up" is a small word, whose opposite "down" opposes nothing.
    expect(first('Who lives up the hill?', passage('Ana lives down the hill.'))).toBeUndefined();
    // Only compared against compared: "close" (shut) is the opposite of "open", but "closest" is near.
    expect(
      first('Which lane is closest to the door?', passage('Lane 1 is open to the door.')),
    ).toBeUndefined();
    expect(first('Who gave Ana the key?', passage('Ben takes the key to Ana.'))).toBeUndefined();
    // "offer" is read as "off" too, whose opposite "on" nearly every sentence holds.
    expect(first('Who can offer lessons?', passage('Ana gives lessons on Mondays.'))).toBeUndefined();
  });

  it('reads a unit with its passage: the share of the question’s terms the passage holds', () => {
    const text = 'The quiet areas have 40 reading seats.';
    const [seats] = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('How many seats are in the gym?'),
      passages: [passage(text)],
    }).candidates;
    expect(seats?.features.contextCover).toBe(0.5);
  });

  it('ranks a unit of the first passage above the same unit of a later one', () => {
    const text = 'Holds are kept for 5 days.';
    const { ranked } = rankCandidates({
      question: readQuestionText('How long are holds kept?'),
      // Two sections: parts of one are read as one passage.
      passages: [passage(text, 'a#one'), { ...passage(text, 'a#two'), line: 9 }],
    });
    expect(ranked.map((scored) => scored.candidate.unit.passage.id)).toEqual(['a#one', 'a#two']);
    expect(ranked[0]?.confidence).toBeGreaterThan(ranked[1]?.confidence ?? 1);
  });
});

describe('the question as retrieval read it', () => {
  it('counts a word retrieval read through the thesaurus as held by a sentence holding a word standing for it', () => {
    const passages = [passage('On Saturday the library closes at 17:00. The café sells tea.')];
    const question = 'What time do you shut on Saturday?';
    const reading = {
      readAs: [],
      expanded: [{ written: 'shut', terms: ['closed', 'close'] }],
      names: [],
    };
    const bare = readPassages({ off: KIND_ASIDE, question: readQuestionText(question), passages });
    const read = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText(question),
      passages,
      standIns: standInsOf(reading),
    });
    expect(bare.unseen).toEqual([termOf('shut')]);
    expect(read.unseen).toEqual([]);
    const [closes, cafe] = read.candidates;
    expect(closes?.features.termCover).toBe(1);
    expect(bare.candidates[0]?.features.termCover).toBeLessThan(1);
    // Only the sentence holding the stand-in holds the word; the other is read with the passage's first.
    expect(cafe?.features.termCover).toBe(0);
    expect(cafe?.features.contextCover).toBe(1);
  });

  it('reads the stand-ins as retrieval names them, written as the passages write them', () => {
    // Retrieval shows "shut" read as "closed", the passages' word, not the term "clos" it looked up.
    const passages = [passage('On Saturday the library is closed at 17:00.')];
    const thesaurus = { [termOf('shut')]: [termOf('closed')] };
    const retriever = createRetriever({
      model: TFIDF,
      ...buildPostings(passages.map((p) => tokenize(passageText(p)))),
      passages,
      thesaurus,
      expansionWeight: 0.25,
    });
    const { reading } = retriever.read('When do you shut on Saturday?', 3);
    expect(reading.expanded).toEqual([{ written: 'shut', terms: ['closed'] }]);
    const read = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('When do you shut on Saturday?'),
      passages,
      standIns: standInsOf(reading),
    });
    expect(read.unseen).toEqual([]);
    expect(read.candidates[0]?.features.termCover).toBe(1);
  });

  it('never holds a name through a stand-in: a name is held only as the passage writes it', () => {
    const passages = [passage('Preact runs behind the scenes.')];
    const reading = { readAs: [], expanded: [{ written: 'Bun', terms: ['behind'] }], names: [] };
    const ranked = rankCandidates({
      question: readQuestionText('Does Preact run on Bun?'),
      passages,
      standIns: standInsOf(reading),
    });
    expect(ranked.ranked[0]?.candidate.broken).toBe('is in a passage that never names Bun');
  });

  it('gives the stand-in what retrieval read through the thesaurus: more sure of a sentence holding it', async () => {
    const passages = [passage('On Saturday the library closes at 17:00.')];
    const question = 'What time do you shut on Saturday?';
    const reading = { readAs: [], expanded: [{ written: 'Shut', terms: ['closes'] }], names: [] };
    const bare =
      rankCandidates({ question: readQuestionText(question), passages }).ranked[0]?.confidence ?? 1;
    const read =
      rankCandidates({ question: readQuestionText(question), passages, standIns: standInsOf(reading) })
        .ranked[0]?.confidence ?? 0;
    expect(read).toBeGreaterThan(bare);
    // At a threshold between the two, only the question given its reading is answered.
    const model = { ...READER_MODEL, threshold: (bare + read) / 2 };
    const client = createExtractiveClient({ model });
    const outcome = async (withReading: boolean) => {
      const result = await client.generate({
        question,
        passages,
        prompt,
        ...(withReading ? { reading } : {}),
      });
      return result.ok && result.reply.answered;
    };
    expect(await outcome(true)).toBe(true);
    expect(await outcome(false)).toBe(false);
  });

  it('reads each word retrieval read as a typo as the corpus word, wherever and however it is written', () => {
    const reading = { readAs: [{ written: 'libary', readAs: 'library' }], expanded: [], names: [] };
    expect(questionAsRead('Is the Libary open? The libary, I mean.', reading)).toBe(
      'Is the library open? The library, I mean.',
    );
    // Only whole words: "libaryx" is another word.
    expect(questionAsRead('libaryx', reading)).toBe('libaryx');
    expect(questionAsRead('Is the libary open?', undefined)).toBe('Is the libary open?');
    // Read as written when retrieval read nothing otherwise: accents and every word kept.
    expect(questionAsRead('Is the café open? Or undefined?', undefined)).toBe(
      'Is the café open? Or undefined?',
    );
    const none = { readAs: [], expanded: [], names: [] };
    expect(questionAsRead('Is the café open?', none)).toBe('Is the café open?');
    // Retrieval names a slip with its accents folded; the question typed with them is read the same.
    expect(questionAsRead('Is the libäry open?', reading)).toBe('Is the library open?');
  });

  it('writes a name typed in lower case with its capital, and leaves one typed so as it is', () => {
    const reading = { readAs: [], expanded: [], names: ['paris'] };
    expect(questionAsRead('is the library in paris open? and Paris, i mean', reading)).toBe(
      'is the library in Paris open? and Paris, i mean',
    );
    // Only whole words: "parisian" is another word.
    expect(questionAsRead('a parisian card', reading)).toBe('a parisian card');
  });

  it('never answers from a passage that does not name a name the question asks about, however it is typed', () => {
    // "russia" typed in lower case is read as the name "Russia": a named thing the answer must hold.
    const passages = [passage('People who live elsewhere can join too, on the card for non-residents.')];
    const question = 'where do most of the people live in russia?';
    expect(questionAsRead(question, { readAs: [], expanded: [], names: ['russia'] })).toBe(
      'where do most of the people live in Russia?',
    );
    for (const asked of [question, 'where do most of the people live in Russia?']) {
      const [best] = rankCandidates({ question: readQuestionText(asked), passages }).ranked;
      expect(best?.ruledOut).toBe(true);
      expect(best?.candidate.broken).toBe('is in a passage that never names Russia');
    }
    // A passage naming it may answer, whether or not the sentence quoted repeats the name.
    const named = [passage('Russia is the largest country. Most of its people live in cities.')];
    const ranked = rankCandidates({
      question: readQuestionText(question),
      passages: named,
      off: KIND_ASIDE,
    }).ranked;
    expect(ranked.map((scored) => scored.candidate.broken ?? 'kept')).toEqual(['kept', 'kept']);
  });

  it('counts as names only capitalised content words, and none in a question in title case', () => {
    // One capitalised word is a name, even when it is the question's only content word.
    expect(firstBroken('Who is Ana?', 'Ben swims.')).toBe('is in a passage that never names Ana');
    // A day is no name: the passage need not write "Monday" to be read.
    expect(firstBroken('Is the pool open on Monday?', 'The pool is open every day.')).toBeUndefined();
    // Title case capitalises every content word; small words and days left out of the count.
    expect(firstBroken('When Does The Pool Open On Saturday?', 'Saturday: 8:00 to 18:00.')).toBeUndefined();
    // So are figures: "Lane 2" in title case names nothing either.
    expect(firstBroken('When Does Lane 2 Open On Saturday?', 'Saturday: 8:00 to 18:00.')).toBeUndefined();
  });

  it('reads the parts of a section cut at ingest as one passage: what one part names, the others are about', () => {
    // Parts of one long section: same file, heading line and headings, and the id with "-2", "-3" after
    // it (src/ingest/chunk.ts). Only the first names Preact and ES2015 and says what "this hook" is.
    const section = { file: 'hooks.md', line: 40, trail: ['Hooks', 'useErrorBoundary'] };
    const first: Passage = {
      ...section,
      id: 'hooks#useerrorboundary',
      text: 'Preact can catch the errors a child component throws with this hook, in ES2015 too.',
    };
    const second: Passage = {
      ...section,
      id: 'hooks#useerrorboundary-2',
      text: 'This hook was introduced in 10.2.0.',
    };
    const third: Passage = {
      ...section,
      id: 'hooks#useerrorboundary-3',
      text: 'It catches no errors from event handlers.',
    };
    const elsewhere: Passage = {
      id: 'refs#refs',
      file: 'refs.md',
      line: 3,
      trail: ['Refs'],
      text: 'A ref callback can catch errors in 10.23.0.',
    };
    const question = 'Since which Preact release can I catch errors with this hook?';
    const read = (passages: Passage[], unit = second, asked = question) =>
      readPassages({ off: KIND_ASIDE, question: readQuestionText(asked), passages }).candidates.find(
        (c) => c.unit.passage === unit,
      );
    const part = read([second, first, elsewhere]);
    expect(part?.broken).toBeUndefined();
    expect(
      read([second, first], second, 'Can I catch errors with this hook in ES2015?')?.broken,
    ).toBeUndefined();
    // Read with the section's opening part, wherever it is given, and no term of the question the section
    // holds counts as another passage's.
    expect(part?.features).toMatchObject({ contextCover: 1, termsElsewhere: 0 });
    // The section is given first when any part of it is.
    expect(read([first, second, elsewhere])?.features.firstPassage).toBe(1);
    // Without its opening part, a part is read with its own first sentence, not another part's.
    expect(read([third, second, elsewhere])?.features.contextCover).toBe(
      read([second, elsewhere])?.features.contextCover,
    );
    expect(read([third, second, elsewhere])?.features.contextCover).toBeLessThan(1);
    // A section at another line of the same file, or another id under the same headings (passages
    // built by hand), is a passage of its own, which never names Preact.
    for (const other of [
      { ...second, line: 52 },
      { ...second, id: 'hooks#notes' },
    ]) {
      const alone = read([first, other, elsewhere], other);
      expect(alone?.broken).toBe('is in a passage that never names Preact');
      expect(alone?.features.firstPassage).toBe(0);
    }
  });

  it('holds a word written with a capital inside the question to the same rule as a name', () => {
    const broken = brokenRules([passage('The opening hours are 9:00 to 17:00. Cards cost 2.00 BOB.')]);
    expect(broken('what are the opening hours in Safari?')).toEqual([
      'is in a passage that never names Safari',
      'is in a passage that never names Safari',
    ]);
    // Not the capital a sentence opens with, courtesy, a day, "I", or a question typed in capitals or
    // title case, where a capital says nothing of the word.
    for (const question of [
      'Opening hours? Thanks',
      'what are the opening hours, Thanks',
      'What are the opening hours on Monday?',
      'Can I see the opening hours?',
      'WHAT ARE THE OPENING HOURS?',
      'What Are The Opening Hours?',
    ]) {
      expect(broken(question)).toEqual(['kept', 'kept']);
    }
  });

  it('reads a word with a capital inside it as a name, however the question is typed', () => {
    const broken = brokenRules([passage('Preact hooks include useEffect and useState.')]);
    expect(broken('does preact/hooks have useEffectEvent')).toEqual([
      'is in a passage that never names useEffectEvent',
    ]);
    expect(broken('does preact/hooks have useEffect')).toEqual(['kept']);
    // A slip of the shift key in a small word names nothing.
    expect(broken('wHen does preact/hooks have useEffect')).toEqual(['kept']);
  });

  it('reads capitals as names in a question leaving one content word in lower case: it is no title case', () => {
    const broken = brokenRules([passage('Preact renders on the server. Components can be loaded lazily.')]);
    // "support" in lower case: "Preact", "React", "Server" and "Components" are written so as names.
    expect(broken('Does Preact support React Server Components?')).toEqual([
      'is in a passage that never names React',
      'is in a passage that never names React',
    ]);
    // Every word after the opening capitalised: title case, no name read from it.
    expect(broken('Does Preact Support React Server Components?')).toEqual(['kept', 'kept']);
  });

  it('holds a name of several capitalised words to being written together, in the heading or the text', () => {
    const apart = 'React renders components on the server. Preact supports it too.';
    // Every word is in the passage, but not the name: it is about React and about server components.
    expect(brokenRules([passage(apart)])('Does Preact support React Server Components?')).toEqual([
      'is in a passage that never names React Server Components',
      'is in a passage that never names React Server Components',
    ]);
    const together = 'Preact does not support React Server Components. It renders on the server.';
    expect(brokenRules([passage(together)])('Does Preact support React Server Components?')).toEqual([
      'kept',
      'kept',
    ]);
    // Written as one in a heading, in another form ("Component"), or across the lines of a section.
    const headed = {
      ...passage('Preact renders them on the server only.'),
      trail: ['Guide', 'React Server Components'],
    };
    expect(brokenRules([headed])('Does Preact support React Server Components?')).toEqual(['kept']);
    expect(
      brokenRules([passage('A React\nServer Component renders once.')])(
        'Is a React Server Component cached?',
      ),
    ).toEqual(['kept']);
    // A run ends at punctuation: two names side by side are each a name, not one.
    expect(brokenRules([passage(apart)])('Does Preact, React, Server and Components work?')).toEqual([
      'kept',
      'kept',
    ]);
  });

  it('lets the stand-in answer a question whose typo it would otherwise require in the answer', async () => {
    const passages = [passage('The library has 24 public computers on the ground floor.')];
    const model = { ...READER_MODEL };
    const question = 'how many computers does the libary have?';
    const reading = { readAs: [{ written: 'libary', readAs: 'library' }], expanded: [], names: [] };
    const asWritten = await createExtractiveClient({ model }).generate({ question, passages, prompt });
    const asRead = await createExtractiveClient({ model }).generate({ question, passages, prompt, reading });
    expect(asWritten.ok && asWritten.reply.answered).toBe(false);
    expect(asRead.ok && asRead.reply.answered).toBe(true);
  });
});

// Each test below was written for a change to read.ts that no test noticed
// (docs/mutation-survivors.md).
describe('the reader: what a unit is read with', () => {
  it('reads a table row with its header: the header’s words are the row’s, and its column counts', () => {
    const table = passage('| Item | Loan period | Renewals |\n|---|---|---|\n| DVDs | 7 days | 1 |');
    const [row] = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('How many renewals for a DVD loan period?'),
      passages: [table],
    }).candidates;
    expect(row?.features.termCover).toBe(1);
    expect(row?.features.kindExact).toBe(1);
    expect(row?.broken).toBeUndefined();
  });

  it('reads the passage’s headings and first sentence as separate words', () => {
    const withTrail = (text: string, trail: string[]): Passage => ({ ...passage(text), trail });
    const renewals = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('How do renewals work?'),
      passages: [withTrail('Ask at the desk.', ['Loans', 'Renewals'])],
    });
    expect(renewals.unseen).toEqual(['work']);
    const desk = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('Can I ask about renewals?'),
      passages: [withTrail('Renewals are free. Ask at the desk.', ['Loans'])],
    });
    expect(desk.candidates[1]?.features.contextCover).toBe(1);
  });

  it('covers none of a question that has no terms, rather than dividing by nothing', () => {
    const [unit] = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('What is it?'),
      passages: [passage('Cats sleep.')],
    }).candidates;
    expect(unit?.features.termCover).toBe(0);
  });

  it('leaves out a phrase made only of typos, and counts only the phrase words a unit holds', () => {
    const reading = readPassages({
      off: KIND_ASIDE,
      question: readQuestionText('how long dose joining take? any parking?'),
      passages: [passage('Joining takes about 10 minutes at the front desk.')],
    });
    expect(reading.shape.phrases.map((phrase) => phrase.text)).toEqual(['parking']);
    expect(reading.candidates[0]?.features.phraseCover).toBe(0);
  });
});

describe('the features, one function a name', () => {
  it('are read in the order the fitted weights follow, each in [0, 1], focus the product of three', () => {
    expect(Object.keys(FEATURES)).toEqual([...FEATURE_NAMES]);
    const [candidate] = readPassages({
      question: readQuestionText('How long can I borrow a DVD for?'),
      passages: [passage('| Item | Loan period |\n| --- | --- |\n| DVD | 7 days |')],
    }).candidates;
    const features = candidate?.features as Features;
    for (const name of FEATURE_NAMES) expect(features[name]).toBeGreaterThanOrEqual(0);
    for (const name of FEATURE_NAMES) expect(features[name]).toBeLessThanOrEqual(1);
    expect(features.focus).toBeCloseTo(features.phraseCover * features.kindExact * features.termCover, 12);
    expect(features.focus).toBeGreaterThan(0);
  });
});
