import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createExtractiveClient, EXTRACTIVE } from '../../src/generation/extractive';
import { checkQuote } from '../../src/text/quotes';
import { words } from '../../src/text/tokenize';
import type { Passage } from '../../src/types';

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
      answer: 'Item type: DVDs and Blu-ray; Loan period: 7 days; Renewals: 1',
      citations: [{ id: 'b#loans', quote: '| DVDs and Blu-ray | 7 days | 1 |' }],
    });
  });

  it('quotes the best sentence of the best passage only, and cites only it', async () => {
    const first = passage('Cats sleep 15 hours a day. Dogs bark at the mail.', 'a#cats');
    const second = passage('Cats purr when content.', 'a#more');
    const reply = await standIn('Do cats purr or sleep?', [first, second]);
    expect(reply).toEqual({
      answered: true,
      answer: 'Cats sleep 15 hours a day.',
      citations: [{ id: 'a#cats', quote: 'Cats sleep 15 hours a day.' }],
    });
  });

  it('does not split a sentence at the decimal point of an amount', async () => {
    const reply = await standIn('What is the charge per day?', [
      passage('The charge is 0.50 BOB per day. Pay at the desk.'),
    ]);
    expect(reply.answer).toBe('The charge is 0.50 BOB per day.');
  });

  it('quotes a list item on its own, without its marker or emphasis', async () => {
    const text = 'Prices:\n\n- An **Adult** card costs 12.00 BOB.\n- A Visitor card costs 30.00 BOB.\n';
    const reply = await standIn('What does a Visitor card cost?', [passage(text)]);
    expect(reply.answer).toBe('A Visitor card costs 30.00 BOB.');
  });

  describe('the quote', () => {
    it('is the passage’s own text, emphasis and all, while the answer drops the emphasis', async () => {
      const text = 'Prices:\n\n- An **Adult** card costs 12.00 BOB.\n- A Visitor card costs 30.00 BOB.\n';
      const reply = await standIn('What does an Adult card cost?', [passage(text)]);
      expect(reply).toEqual({
        answered: true,
        answer: 'An Adult card costs 12.00 BOB.',
        citations: [{ id: 'f#p', quote: 'An **Adult** card costs 12.00 BOB.' }],
      });
    });

    it('keeps the line break of a sentence written over two lines', async () => {
      const text = 'Rooms can be booked.\nA study room seats up to\n4 people and is free.';
      const reply = await standIn('How many people does a study room seat?', [passage(text)]);
      expect(reply.answer).toBe('A study room seats up to 4 people and is free.');
      expect(reply.citations).toEqual([
        { id: 'f#p', quote: 'A study room seats up to\n4 people and is free.' },
      ]);
    });

    it('takes in the next unit when the one that answers is too short to be checked', async () => {
      const text = 'The library is open 6 days a week.\n\n- Saturday: 10:00 to 16:00.\n- Sunday: closed.\n';
      const reply = await standIn('Is the library open on Sunday?', [passage(text)]);
      expect(reply.answer).toBe('Sunday: closed.');
      const [citation] = reply.citations;
      expect(citation?.quote).toBe('Saturday: 10:00 to 16:00.\n- Sunday: closed.');
      expect(checkQuote(citation?.quote ?? '', text).found).toBe(true);
    });

    it('is a span of the passage for any question made of its words', async () => {
      const passages = [
        LOANS,
        'Prices:\n\n- An **Adult** card costs 12.00 BOB.\n- A _Visitor_ card costs 30.00 BOB.\n',
        'The library is open 6 days a week.\n\n- Saturday: 10:00 to 16:00.\n- Sunday: closed.\n',
        'A hold waits on the shelf\nfor 5 days. Each hold is free! Holds lapse after 6 months.',
      ];
      const vocabulary = [...new Set(passages.flatMap((text) => words(text)))];
      const questionWords = fc.array(fc.constantFrom(...vocabulary, 'who', 'how', 'many', 'when', 'is'), {
        minLength: 1,
        maxLength: 6,
      });
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...passages),
          questionWords,
          fc.boolean(),
          async (text, question, answerability) => {
            const reply = await standIn(`${question.join(' ')}?`, [passage(text)], { answerability });
            for (const citation of reply.citations) {
              expect(text).toContain(citation.quote);
              expect(checkQuote(citation.quote ?? '', text).found).toBe(true);
            }
            expect(reply.answered).toBe(reply.citations.length > 0);
          },
        ),
      );
    });
  });

  describe('knowing when it cannot answer', () => {
    const appeals = passage(
      'To appeal a charge, speak to the duty librarian at the front desk. The duty librarian decides ' +
        'each appeal within 14 days.',
      'c#appeals',
    );

    it('reports no answer, and why, when no sentence can answer the question’s form', async () => {
      const reply = await standIn('Who is the head librarian?', [appeals]);
      expect(reply).toEqual({
        answered: false,
        answer:
          'no sentence of the best passage (c#appeals) can answer this; the closest, "To appeal a charge, ' +
          'speak to the duty librarian at the front desk.", does not mention "head" (of "head librarian")',
        citations: [],
      });
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

    it('reports no answer when no sentence shares a term with the question', async () => {
      expect(await standIn('Who runs the place?', [passage('Cats sleep all day.')])).toEqual({
        answered: false,
        answer: 'no sentence of the best passage (f#p) shares a word with the question',
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
