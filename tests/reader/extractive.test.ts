import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRank, createExtractiveClient, EXTRACTIVE, rankCandidates } from '../../src/reader/extractive';
import { READER_MODEL } from '../../src/reader/model';
import { readQuestionText } from '../../src/reader/question/question';
import { textOf } from '../../src/reader/units';
import { checkQuote, quoteWordCount } from '../../src/text/quotes';
import type { Passage } from '../../src/types';
import { FUZZ_PARAMETERS, FUZZ_TIMEOUT } from '../helpers/fuzz-runs';
import { standInQuotesPassTheVerifier, verifyStandIn } from '../helpers/stand-in-fuzz';

const prompt = { version: 'answer.test', text: 'test' };
const passage = (text: string, id = 'f#p'): Passage => ({
  id,
  file: 'f.md',
  line: 1,
  trail: ['F', 'P'],
  text,
});

async function standIn(question: string, passages: Passage[], options = {}) {
  const outcome = await createExtractiveClient(options).generate({ question, passages, prompt });
  if (!outcome.ok) throw new Error('the stand-in never fails');
  expect(JSON.parse(outcome.raw)).toEqual(outcome.reply);
  return outcome.reply;
}

const LOANS = `How long you can borrow an item depends on its type. Loans end at closing time.

| Item type | Loan period | Renewals |
|---|---|---|
| Books | 21 days | 3 |
| DVDs and Blu-ray | 7 days | 1 |

A renewal adds one full loan period.`;

describe('extractive stand-in', () => {
  it('names itself as no language model', () => {
    expect(createExtractiveClient().info).toBe(EXTRACTIVE);
    expect(EXTRACTIVE.name).toMatch(/not a language model/);
  });

  it('quotes the table row that answers, with its header, not the sentence that echoes the question', async () => {
    const reply = await standIn('How long can I borrow a DVD for?', [passage(LOANS, 'b#loans')]);
    expect(reply).toEqual({
      answered: true,
      answer: '| Item type | Loan period | Renewals |\n| DVDs and Blu-ray | 7 days | 1 |',
      citations: [
        { id: 'b#loans', quote: '| Item type | Loan period | Renewals |' },
        { id: 'b#loans', quote: '| DVDs and Blu-ray | 7 days | 1 |' },
      ],
    });
  });

  it('reads every passage of the context, not only the best: the answer may be in the second', async () => {
    const first = passage('Cats are quiet animals that like warm places.', 'a#cats');
    const second = passage('Dogs bark at the mail. A dog sleeps 12 hours a day.', 'a#dogs');
    const reply = await standIn('How many hours a day does a dog sleep?', [first, second]);
    expect(reply).toEqual({
      answered: true,
      answer: 'A dog sleeps 12 hours a day.',
      citations: [{ id: 'a#dogs', quote: 'A dog sleeps 12 hours a day.' }],
    });
  });

  it('does not split a sentence at the decimal point of an amount', async () => {
    const reply = await standIn('What is the charge per day?', [
      passage('The charge is 0.50 BOB per day. Pay at the desk.'),
    ]);
    expect(reply.answer).toBe('The charge is 0.50 BOB per day.');
  });

  it('refuses a price asked in another currency, and says which it states', async () => {
    const text = 'Prices:\n\n- An Adult card costs 12.00 BOB.\n- A Visitor card costs 30.00 BOB.\n';
    const reply = await standIn('How much does a Visitor card cost in US dollars?', [passage(text)]);
    expect(reply.answered).toBe(false);
    expect(reply.answer).toContain('states BOB, not USD');
  });

  describe('verbatim: the answer is the passage’s own characters', () => {
    it('keeps emphasis, inline code and underscores as the passage writes them', async () => {
      const text =
        'Options are read at start.\n\nThe `__foo` option of **preact** sets the _debug_ hook name.';
      const reply = await standIn('Which option sets the debug hook name?', [passage(text)]);
      expect(reply.answer).toBe('The `__foo` option of **preact** sets the _debug_ hook name.');
      expect(reply.citations).toEqual([{ id: 'f#p', quote: reply.answer }]);
    });

    it('shows a list item after the sentence that leads into its list, each a quote', async () => {
      const text =
        'Every card has a price. The card prices are:\n\n- An **Adult** card costs 12.00 BOB.\n- A Visitor card costs 30.00 BOB.\n';
      const reply = await standIn('What does an Adult card cost?', [passage(text)]);
      expect(reply).toEqual({
        answered: true,
        answer: 'The card prices are:\nAn **Adult** card costs 12.00 BOB.',
        citations: [
          { id: 'f#p', quote: 'The card prices are:' },
          { id: 'f#p', quote: 'An **Adult** card costs 12.00 BOB.' },
        ],
      });
    });

    it('never answers with a lead-in alone: "The opening hours are:" runs on to the end of its list', async () => {
      const text = 'The opening hours are:\n\n- Monday to Friday: 9:00 to 20:00.\n- Sunday: closed.\n';
      const reply = await standIn('What are the opening hours?', [passage(text)]);
      expect(reply.answer).toBe(
        'The opening hours are:\n\n- Monday to Friday: 9:00 to 20:00.\n- Sunday: closed.',
      );
      expect(reply.citations).toEqual([{ id: 'f#p', quote: reply.answer }]);
    });

    it('keeps the line break of a sentence written over two lines', async () => {
      const text = 'Rooms can be booked.\nA study room seats up to\n4 people and is free.';
      const reply = await standIn('How many people does a study room seat?', [passage(text)]);
      expect(reply.answer).toBe('A study room seats up to\n4 people and is free.');
      expect(reply.citations).toEqual([
        { id: 'f#p', quote: 'A study room seats up to\n4 people and is free.' },
      ]);
    });

    it('reads no sentence inside a code fence', async () => {
      const text =
        'Install it first.\n\n```sh\nnpm install preact takes 10 seconds\n```\n\nThe install takes about 10 seconds.';
      const reply = await standIn('How long does the install take?', [passage(text)]);
      expect(reply.answer).toBe('The install takes about 10 seconds.');
    });
  });

  describe('one quote rule with the verifier (issue 12, issue 15 item 9)', () => {
    it('widens a quote the verifier would call too short: "Sunday: 12:00." asked what time on Sunday', async () => {
      const text = 'The opening hours are:\n\n- Saturday: 10:00.\n- Sunday: 12:00.\n';
      const question = 'What time do you open on Sunday?';
      const reply = await standIn(question, [passage(text)]);
      expect(reply.answered).toBe(true);
      for (const citation of reply.citations) {
        expect(checkQuote(citation.quote ?? '', text).found).toBe(true);
      }
      expect(verifyStandIn(reply, [passage(text)])).toMatchObject({ ok: true });
    });

    it('never gives "Free parking." as a quote on its own, too short to check', async () => {
      const only = passage('Free parking.');
      const reply = await standIn('Is parking free?', [only]);
      expect(reply.answered).toBe(false);
      const withMore = passage('Free parking. The car park has 40 spaces.');
      const widened = await standIn('Is parking free?', [withMore]);
      expect(verifyStandIn(widened, [withMore])).toMatchObject({ ok: true });
    });

    it('counts a quote’s words as the verifier does: "12:00" is one word', () => {
      expect(quoteWordCount('Sunday: 12:00.')).toBe(2);
      expect(quoteWordCount('**Free** parking, 0.50 BOB')).toBe(4);
    });

    it('gives only quotes the verifier accepts, for any question made of its passages’ words', {
      timeout: FUZZ_TIMEOUT,
    }, async () => {
      await fc.assert(standInQuotesPassTheVerifier(), FUZZ_PARAMETERS);
    });
  });

  describe('knowing when it cannot answer', () => {
    const appeals = passage(
      'To appeal a charge, speak to the duty librarian at the front desk. The duty librarian decides ' +
        'each appeal within 14 days.',
      'c#appeals',
    );

    it('reports no answer, and what was missing in plain words, below the fitted threshold', async () => {
      const reply = await standIn('Who is the head librarian?', [appeals]);
      expect(reply.answered).toBe(false);
      expect(reply.citations).toEqual([]);
      expect(reply.answer).toMatch(
        /^no sentence of the passages given \(c#appeals\) answers this: the closest, /u,
      );
      expect(reply.answer).toContain('below the');
      expect(reply.answer).toContain('does not mention "head" (of "head librarian")');
    });

    it('still answers the question the passage does answer (guard)', async () => {
      const reply = await standIn('Who decides an appeal?', [appeals]);
      expect(reply.answered).toBe(true);
      expect(reply.answer).toBe('The duty librarian decides each appeal within 14 days.');
    });

    it('quotes a sentence that only mentions the thing when the check is off', async () => {
      const reply = await standIn('Who is the head librarian?', [appeals], { answerability: false });
      expect(reply.answered).toBe(true);
    });

    it('refuses a figure question no unit holds a figure for; without the check it quoted any match', async () => {
      const rooms = [passage('Rooms have a queue at the front desk.')];
      expect(
        await standIn('How long is the queue for rooms?', rooms, { answerability: false }),
      ).toMatchObject({
        answered: true,
        answer: 'Rooms have a queue at the front desk.',
      });
      expect(await standIn('How long is the queue for rooms?', rooms)).toMatchObject({
        answered: false,
        answer: expect.stringContaining('states no duration or frequency'),
      });
    });

    it('names as never mentioned only words the passages lack as the text model reads them', async () => {
      const ssr = passage(
        'Install preact-render-to-string first. Rendering to a string happens on the server.',
        's#ssr',
      );
      const reply = await standIn('What minimum setup does preact-render-to-string need?', [ssr]);
      expect(reply.answered).toBe(false);
      expect(reply.answer).toContain('the passages never mention "minimum"');
      expect(reply.answer).not.toMatch(/never mention[^;]*preactrendertostring/u);
    });

    it('reports no answer when no sentence shares a term with the question', async () => {
      expect(await standIn('Who runs the place?', [passage('Cats sleep all day.')])).toEqual({
        answered: false,
        answer: 'no sentence of the passages given (f#p) shares a word with the question',
        citations: [],
      });
    });

    it('reports no answer when given no passage at all', async () => {
      expect(await standIn('Anything?', [])).toEqual({
        answered: false,
        answer: 'the stand-in was given no passage',
        citations: [],
      });
    });
  });
});

// Each test below was written for a change to extractive.ts that no test noticed
// (docs/mutation-survivors.md).
describe('extractive stand-in: the words of a refusal', () => {
  const unsure = { model: { ...READER_MODEL, threshold: 0.999 } };

  it('is named "extractive", the kind the page and the evaluation tell a stand-in by', () => {
    expect(createExtractiveClient().info.kind).toBe('extractive');
  });

  it('shows the closest sentence whole up to 80 characters, and cut with "…" beyond', async () => {
    const long = `Renewals ${'and more '.repeat(10)}are free.`;
    const exact = `Renewals are free${'.'.repeat(80 - 'Renewals are free'.length)}`;
    const cut = await standIn('Are renewals free?', [passage(long)], unsure);
    expect(cut.answer).toContain(`the closest, ${JSON.stringify(`${long.slice(0, 79)}…`)} (f#p)`);
    const whole = await standIn('Are renewals free?', [passage(exact)], unsure);
    expect(whole.answer).toContain(`the closest, ${JSON.stringify(exact)} (f#p)`);
  });

  it('names every passage given, and every word they never mention as the question wrote it', async () => {
    const reply = await standIn(
      'Are renewals of magazines waived?',
      [passage('Loans of books are free.', 'a#one'), passage('Fines are waived.', 'a#two')],
      unsure,
    );
    expect(reply.answer).toMatch(/^no sentence of the passages given \(a#one, a#two\) answers this/u);
    expect(reply.answer).toContain('because the passages never mention "renewals", "magazines"; it ');
  });

  it('says the sentence shares too little when nothing else is missing, and no reason that does not hold', async () => {
    const reply = await standIn('Are renewals free?', [passage('Renewals are free.')], unsure);
    expect(reply.answer).toMatch(/, because it shares too little with the question$/u);
  });

  it('says what kind of answer is missing only for a question whose form asks for one', async () => {
    const sauna = passage('The sauna is cleaned every evening.');
    const who = await standIn('Who cleans the sauna?', [sauna], unsure);
    const reasons = who.answer.split(', because ')[1]?.split('; ') ?? [];
    expect(reasons).toContain('it names no one');
    expect(reasons.every((reason) => reason.length > 'it '.length)).toBe(true);
    // Said once, though both the form and the answerability check find it.
    expect(reasons.filter((reason) => reason === 'it names no one')).toHaveLength(1);
    const amount = await standIn('How much is a renewal?', [passage('A renewal costs 2.00 BOB.')], unsure);
    expect(amount.answer).toMatch(/, because it shares too little with the question$/u);
    const open = await standIn('Is the sauna cleaned?', [sauna], unsure);
    expect(open.answer).not.toContain('names no one');
  });

  it('says what kind of answer is missing beside what else the sentence lacks', async () => {
    // The answerability check stops at the first thing missing (a named thing); the form's kind is said too.
    const reply = await standIn(
      'How much is a sauna visit?',
      [passage('A sauna session lasts an hour.')],
      unsure,
    );
    const reasons = reply.answer.split(', because ')[1]?.split('; ') ?? [];
    expect(reasons).toEqual([
      'the passages never mention "visit"',
      'it states no amount',
      'it does not mention "visit" (of "sauna visit")',
    ]);
  });
});

describe('extractive stand-in: which unit it quotes, and how', () => {
  const even = { ...READER_MODEL, bias: 0, threshold: 0, weights: { ...READER_MODEL.weights } };
  for (const name of Object.keys(even.weights) as (keyof typeof even.weights)[]) even.weights[name] = 0;

  it('quotes a sentence of exactly three words on its own, the fewest the verifier checks', async () => {
    const reply = await standIn('Are renewals free?', [
      passage('Holds last long. Renewals are free. Fines are waived.'),
    ]);
    expect(reply.answer).toBe('Renewals are free.');
  });

  it('shows a lead-in of three words with its item, and leaves out a shorter one rather than widen it', async () => {
    // How a unit is shown, whatever the fitted confidence: any answer is admitted.
    const any = { model: { ...READER_MODEL, threshold: 0 } };
    const three = await standIn(
      'What time do you open on Monday?',
      [passage('The hours are:\n\n- Monday to Friday: 9:00 to 20:00.')],
      any,
    );
    expect(three.answer).toBe('The hours are:\nMonday to Friday: 9:00 to 20:00.');
    const one = await standIn(
      'What time do you open on Monday?',
      [passage('Hours:\n\n- Monday to Friday: 9:00 to 20:00.')],
      any,
    );
    expect(one.answer).toBe('Monday to Friday: 9:00 to 20:00.');
  });

  it('widens a short last sentence by the nearest one before it, not from the start of the passage', async () => {
    const text = 'The desk is open daily. Call us any time. Sunday: 12:00.';
    const reply = await standIn('What time do you open on Sunday?', [passage(text)]);
    expect(reply.answer).toBe('Call us any time. Sunday: 12:00.');
  });

  it('widens a short item into its lead-in as one quote, not two that overlap', async () => {
    const reply = await standIn('What time do you open on Sunday?', [
      passage('The opening hours are:\n\n- Sunday: 12:00.'),
    ]);
    expect(reply.citations).toEqual([{ id: 'f#p', quote: 'The opening hours are:\n\n- Sunday: 12:00.' }]);
  });

  it('ranks a table row above a sentence it ties with, and keeps reading order otherwise', () => {
    const text =
      'Loans are long.\n\nLoans end at closing.\n\n| Item | Loan |\n|---|---|\n| Books | 21 days |';
    const { ranked } = rankCandidates({
      question: readQuestionText('What is the loan for books?'),
      passages: [passage(text)],
      model: even,
    });
    expect(ranked.map((scored) => textOf(scored.candidate.unit.passage, scored.candidate.unit.core))).toEqual(
      ['| Books | 21 days |', 'Loans are long.', 'Loans end at closing.'],
    );
  });

  it('ranks a table row above a tied sentence even when the sentence writes more of the question side by side', () => {
    const text = 'Loans for books are long.\n\n| Loan | Type |\n|---|---|\n| 21 days | Books |';
    const { ranked } = rankCandidates({
      question: readQuestionText('What is the loan for books?'),
      passages: [passage(text)],
      model: even,
    });
    expect(ranked.map((scored) => textOf(scored.candidate.unit.passage, scored.candidate.unit.core))).toEqual(
      ['| 21 days | Books |', 'Loans for books are long.'],
    );
    expect(ranked.map((scored) => scored.candidate.pairs)).toEqual([0, 1]);
    // The same order whichever of the two is compared first.
    const [row, sentence] = ranked as [(typeof ranked)[number], (typeof ranked)[number]];
    expect(row.confidence).toBe(sentence.confidence);
    expect(byRank(row, sentence)).toBeLessThan(0);
    expect(byRank(sentence, row)).toBeGreaterThan(0);
  });

  it('among units it is equally sure of, ranks first the one writing the question’s neighbouring words side by side', () => {
    // Both sentences hold "duty", "librarian", "keep" and "charge"; the second writes them as asked.
    const text =
      'The duty librarian decides each appeal and can cancel the charge or keep it. ' +
      'If the duty librarian keeps the charge, a second appeal goes to the committee.';
    const order = (question: string) =>
      rankCandidates({
        question: readQuestionText(question),
        passages: [passage(text)],
        model: even,
      }).ranked.map((scored) =>
        textOf(scored.candidate.unit.passage, scored.candidate.unit.core).slice(0, 20),
      );
    expect(order('the duty librarian kept my charge, can I take it higher?')).toEqual([
      'If the duty libraria',
      'The duty librarian d',
    ]);
    // Asked in the first sentence's words, the first leads.
    expect(order('does the duty librarian decide each appeal?')).toEqual([
      'The duty librarian d',
      'If the duty libraria',
    ]);
  });

  it('never answers with a unit that shares no word with the question, however sure the model is', async () => {
    // A model sure of the sentence sharing nothing, and less of the one sharing the question's words.
    const perverse = { ...even, weights: { ...even.weights, termCover: -5 } };
    const reply = await standIn('Do dogs bark?', [passage('Cats sleep all day. Dogs bark at night.')], {
      model: perverse,
    });
    expect(reply.answered).toBe(false);
    expect(reply.answer).toContain('the closest, "Dogs bark at night."');
  });

  it('with the check off, quotes the unit that shares the most with the question, whatever the model ranks first', async () => {
    const first = { ...even, weights: { ...even.weights, firstPassage: 5 } };
    const reply = await standIn(
      'Do dogs bark at night?',
      [passage('Dogs sleep all day.', 'a#one'), passage('Dogs bark at night.', 'a#two')],
      { answerability: false, model: first },
    );
    expect(reply.answer).toBe('Dogs bark at night.');
  });
});
