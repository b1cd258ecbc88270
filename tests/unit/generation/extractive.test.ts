import { describe, expect, it } from 'vitest';
import { createExtractiveClient, EXTRACTIVE } from '../../../src/generation/extractive';
import type { Passage } from '../../../src/types';

const prompt = { version: 'answer.test', text: 'test' };
const passage = (text: string, id = 'f#p'): Passage => ({
  id,
  file: 'f.md',
  line: 1,
  trail: ['F', 'P'],
  text,
});

async function standIn(question: string, passages: Passage[]) {
  const outcome = await createExtractiveClient().generate({ question, passages, prompt });
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
      citations: ['b#loans'],
    });
  });

  it('quotes the best sentence of the best passage only, and cites only it', async () => {
    const first = passage('Cats sleep 15 hours a day. Dogs bark at the mail.', 'a#cats');
    const second = passage('Cats purr when content.', 'a#more');
    const reply = await standIn('Do cats purr or sleep?', [first, second]);
    expect(reply).toEqual({ answered: true, answer: 'Cats sleep 15 hours a day.', citations: ['a#cats'] });
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

  it('falls back to any matching unit when a figure is asked for and none holds one', async () => {
    const reply = await standIn('How long is the queue for rooms?', [
      passage('Rooms have a queue at the front desk.'),
    ]);
    expect(reply.answer).toBe('Rooms have a queue at the front desk.');
  });

  it('reports no answer when no sentence shares a term with the question', async () => {
    expect(await standIn('Who runs the place?', [passage('Cats sleep all day.')])).toEqual({
      answered: false,
      answer: '',
      citations: [],
    });
  });

  it('reports no answer when given no passage at all', async () => {
    expect((await standIn('Anything?', [])).answered).toBe(false);
  });
});
