import { describe, expect, it } from 'vitest';
import { openingLine, passageTitle } from '../../src/ask/passage-words';

describe('passageTitle', () => {
  it('names a passage by its headings from the file title down', () => {
    expect(passageTitle({ id: '03-fines#lost', trail: ['Fines and fees', 'Lost and damaged items'] })).toBe(
      'Fines and fees › Lost and damaged items',
    );
  });

  it('falls back to the id for a passage without headings', () => {
    expect(passageTitle({ id: 'notes#part-2', trail: [] })).toBe('notes#part-2');
  });
});

describe('openingLine', () => {
  it('is the first sentence of the first line, a figure’s point not taken for its end', () => {
    expect(openingLine('\nThe charge is 0.50 BOB a day. Junior cards pay none.\nMore.')).toBe(
      'The charge is 0.50 BOB a day.',
    );
  });

  it('leaves out a list marker, and reads a table line as its cells', () => {
    expect(openingLine('- A lost card costs 3.00 BOB.')).toBe('A lost card costs 3.00 BOB.');
    expect(openingLine('| Item | Loan |\n|---|---|\n| Books | 21 days |')).toBe('Item · Loan');
  });

  it('cuts a long sentence at a word, with an ellipsis, within the limit', () => {
    const line = openingLine(`${'word '.repeat(50)}end.`, 40);
    expect(line.length).toBeLessThanOrEqual(40);
    expect(line).toMatch(/^word( word)*…$/u);
  });

  it('is empty for a passage with no text', () => {
    expect(openingLine('  \n')).toBe('');
  });
});
