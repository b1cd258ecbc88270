// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { blocksOf, PassageText } from '../../src/ui/passage-text';

afterEach(cleanup);

const LOANS = `Loan periods are:

| Item type | Loan period |
|---|---|
| Books | 21 days |
| DVDs and Blu-ray | 7 days |

A renewal adds one loan period.`;

describe('PassageText', () => {
  it('splits a passage into paragraphs and a table with its header', () => {
    expect(blocksOf(LOANS)).toEqual([
      { kind: 'text', text: 'Loan periods are:' },
      {
        kind: 'table',
        header: ['Item type', 'Loan period'],
        rows: [
          ['Books', '21 days'],
          ['DVDs and Blu-ray', '7 days'],
        ],
      },
      { kind: 'text', text: 'A renewal adds one loan period.' },
    ]);
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

  it('keeps markup in corpus text as literal text', () => {
    const hostile = '<img src=x onerror=alert(1)>\n\n| <b>x</b> | y |\n|---|---|\n| <script>1</script> | z |';
    const { container } = render(<PassageText markdown={hostile} />);
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.querySelector('td')?.textContent).toBe('<script>1</script>');
  });
});
