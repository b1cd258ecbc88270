// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { blocksOf, PassageText } from '../../../src/ui/ask/passage-text';

afterEach(cleanup);

const LOANS = `Loan periods are:

| Item type | Loan period |
|---|---|
| Books | 21 days |
| DVDs and Blu-ray | 7 days |

A renewal adds one loan period.`;

describe('PassageText', () => {
  it('splits a passage into paragraphs and a table with its header, keeping where each stands', () => {
    const blocks = blocksOf(LOANS);
    expect(blocks.map((block) => block.kind)).toEqual(['text', 'table', 'text']);
    const [first, table, last] = blocks;
    expect(first).toEqual({ kind: 'text', text: 'Loan periods are:', start: 0 });
    expect(table?.kind === 'table' && table.header).toEqual(['Item type', 'Loan period']);
    expect(table?.kind === 'table' && table.rows.map((row) => row.cells)).toEqual([
      ['Books', '21 days'],
      ['DVDs and Blu-ray', '7 days'],
    ]);
    const row = table?.kind === 'table' ? table.rows[1] : undefined;
    expect(LOANS.slice(row?.start, row?.end)).toBe('| DVDs and Blu-ray | 7 days |');
    expect(last?.kind === 'text' && LOANS.slice(last.start)).toBe('A renewal adds one loan period.');
  });

  it('draws the table as a table, cells as text', () => {
    const { container } = render(<PassageText markdown={LOANS} />);
    expect([...container.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual([
      'Item type',
      'Loan period',
    ]);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(container.querySelectorAll('p')).toHaveLength(2);
  });

  it('marks a quoted span inside a paragraph, and a quoted table row', () => {
    const start = LOANS.indexOf('adds one');
    const row = LOANS.indexOf('| DVDs');
    const { container } = render(
      <PassageText
        markdown={LOANS}
        highlights={[
          [start, start + 'adds one'.length],
          [row, row + 10],
        ]}
      />,
    );
    expect([...container.querySelectorAll('p mark')].map((mark) => mark.textContent)).toEqual(['adds one']);
    expect(container.querySelector('tr.quoted')?.textContent).toBe('DVDs and Blu-ray7 days');
    expect(container.querySelectorAll('tr.quoted')).toHaveLength(1);
  });

  it('keeps markup in corpus text as literal text', () => {
    const hostile = '<img src=x onerror=alert(1)>\n\n| <b>x</b> | y |\n|---|---|\n| <script>1</script> | z |';
    const { container } = render(<PassageText markdown={hostile} />);
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.querySelector('td')?.textContent).toBe('<script>1</script>');
  });
});
