import { describe, expect, it } from 'vitest';
import { verify } from '../../src/verify';

const contextIds = new Set(['a#one', 'a#two']);
const corpusIds = new Set(['a#one', 'a#two', 'b#three']);
const reply = (answer: string, citations: string[]) => ({ answered: true, answer, citations });

describe('verify', () => {
  it('accepts an answer citing only passages from its context, without duplicates', () => {
    expect(verify({ reply: reply('x', ['a#one', ' a#one', 'a#two']), contextIds, corpusIds })).toEqual({
      ok: true,
      citations: ['a#one', 'a#two'],
    });
  });

  it('refuses an empty answer as unparseable', () => {
    expect(verify({ reply: reply(' \n', ['a#one']), contextIds })).toMatchObject({
      ok: false,
      reason: 'unparseable_response',
    });
  });

  it.each([[[]], [['']], [[' ', '']]])('refuses an answer with no real citation (%j)', (citations) => {
    expect(verify({ reply: reply('x', citations), contextIds })).toMatchObject({
      ok: false,
      reason: 'missing_citation',
    });
  });

  it('refuses an id that exists nowhere', () => {
    const verdict = verify({ reply: reply('x', ['a#one', 'z#nine']), contextIds, corpusIds });
    expect(verdict).toMatchObject({ ok: false, reason: 'fabricated_citation' });
    expect(!verdict.ok && verdict.detail).toBe('cites "z#nine"; the context held a#one, a#two');
  });

  it('refuses an id from the corpus that was not in this context, and says so', () => {
    const verdict = verify({ reply: reply('x', ['b#three']), contextIds, corpusIds });
    expect(!verdict.ok && verdict.detail).toContain('"b#three" (in the corpus, not in this context)');
  });

  it('refuses an id outside the context even without the corpus to compare with', () => {
    expect(verify({ reply: reply('x', ['b#three']), contextIds })).toMatchObject({
      reason: 'fabricated_citation',
    });
  });
});
