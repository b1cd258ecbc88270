import { describe, expect, it } from 'vitest';
import { TABLE_SEPARATOR, tableCells } from '../../src/text/markdown-table';
import { checkQuote } from '../../src/text/quotes';

describe('a table separator', () => {
  it.each(['|---|---|', '| --- | :---: |', '|:-:|---|', '| :- | -: |', '  |---|'])('%j is one', (line) => {
    expect(TABLE_SEPARATOR.test(line)).toBe(true);
  });

  it.each(['| Books | 21 days |', '---', '- item', '| -5 | 3 |', '|:--x|'])('%j is not one', (line) => {
    expect(TABLE_SEPARATOR.test(line)).toBe(false);
  });

  it('is read the same way by the quote check: a header and its first row quoted together are found', () => {
    // The stand-in quotes a row with its header; were the separator read as a row, the two would not be
    // neighbours in the quote check's text and the stand-in's own quote would be refused.
    const passage = '| Item | Days |\n|:-:|-|\n| Books | 21 |';
    expect(checkQuote('| Item | Days |\n| Books | 21 |', passage)).toMatchObject({ found: true });
  });
});

describe('table cells', () => {
  it('splits a row into trimmed cells without the outer pipes', () => {
    expect(tableCells('| Books | 21 days | 3 |')).toEqual(['Books', '21 days', '3']);
  });
});
