// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InlineMarkdown, inlineNodes } from '../../../src/ui/ask/inline-markdown';

afterEach(cleanup);

const PASSAGES = new Set(['02-borrowing#loan-periods']);

describe('inlineNodes: marked’s inline tokens → what the page draws', () => {
  it('maps links, code and emphasis to their own nodes, the text between kept', () => {
    expect(inlineNodes('See [`css.x`](https://vite.dev/x) and **this**, _that_ or ~~not~~.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: 'https://vite.dev/x', children: [{ kind: 'code', text: 'css.x' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'this' }] },
      { kind: 'text', text: ', ' },
      { kind: 'em', children: [{ kind: 'text', text: 'that' }] },
      { kind: 'text', text: ' or ' },
      { kind: 'del', children: [{ kind: 'text', text: 'not' }] },
      { kind: 'text', text: '.' },
    ]);
  });

  it.each([
    '[click](javascript:alert(1))',
    '[x](JavaScript:alert(1))',
    '[x](data:text/html,<b>hi</b>)',
    '[x](/relative/path)',
    '![pixel](https://evil.example/x.png)',
    '<img src=x onerror=alert(1)>',
  ])('shows %s as the text it was written as: no link, no image, no HTML', (written) => {
    expect(inlineNodes(written, PASSAGES)).toEqual([{ kind: 'text', text: written }]);
  });

  it('links to a passage of the documents, by its id alone or after "#"', () => {
    for (const href of ['02-borrowing#loan-periods', '#02-borrowing#loan-periods']) {
      expect(inlineNodes(`[loans](${href})`, PASSAGES)).toEqual([
        { kind: 'passage', id: '02-borrowing#loan-periods', children: [{ kind: 'text', text: 'loans' }] },
      ]);
    }
    expect(inlineNodes('[loans](#02-borrowing#holds)', PASSAGES)).toEqual([
      { kind: 'text', text: '[loans](#02-borrowing#holds)' },
    ]);
  });
});

describe('InlineMarkdown', () => {
  it('draws a link as a link, code as code, and a passage link opening the passage', () => {
    const onOpenPassage = vi.fn();
    const { container } = render(
      <p>
        <InlineMarkdown
          text="Read [`the docs`](https://example.org/docs) or [the table](02-borrowing#loan-periods), **now**."
          passageIds={PASSAGES}
          onOpenPassage={onOpenPassage}
        />
      </p>,
    );
    const [web, passage] = [...container.querySelectorAll('a')];
    expect(web?.getAttribute('href')).toBe('https://example.org/docs');
    expect(web?.querySelector('code')?.textContent).toBe('the docs');
    expect(container.querySelector('strong')?.textContent).toBe('now');
    fireEvent.click(passage as HTMLElement);
    expect(onOpenPassage).toHaveBeenCalledWith('02-borrowing#loan-periods');
    expect(container.textContent).toBe('Read the docs or the table, now.');
  });

  it('draws a javascript: link as its text, with no element for it', () => {
    const written = 'Go [here](javascript:alert(1)) <b>now</b>';
    const { container } = render(
      <p>
        <InlineMarkdown text={written} passageIds={PASSAGES} onOpenPassage={vi.fn()} />
      </p>,
    );
    expect(container.querySelector('a, b, img')).toBeNull();
    expect(container.textContent).toBe(written);
  });
});
