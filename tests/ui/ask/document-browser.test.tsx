// @vitest-environment happy-dom
// The document browser over an index whose passage text is in blocks: a passage's text is fetched when it
// is opened, and a block that cannot be had is said, in words, where the text would be.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentBrowser } from '../../../src/ui/ask/document-browser';
import { asThePageReadsIt, splitLibrary } from '../../helpers/text-blocks';

afterEach(cleanup);

/** Opens the disclosure of the passage whose heading trail is `trail`. */
function open(trail: string): HTMLDetailsElement {
  const heading = [...document.querySelectorAll('.passage-trail')].find((node) => node.textContent === trail);
  const passage = heading?.closest('details') as HTMLDetailsElement;
  passage.open = true;
  fireEvent(passage, new Event('toggle'));
  return passage;
}

describe('the document browser, the text in blocks', () => {
  it('lists every heading at once, and fetches a passage’s text only when it is opened', async () => {
    const { core, files } = splitLibrary();
    const { index, fetched } = asThePageReadsIt({ core, files });
    render(<DocumentBrowser passages={index.passages} texts={index.textSource} />);
    expect(document.querySelectorAll('.passage-trail')).toHaveLength(index.passages.length);
    expect(fetched).toEqual([]);
    const passage = open('Fines and Fees › Overdue Charges');
    await waitFor(() => expect(passage.querySelector('.passage-text')?.textContent).toMatch(/overdue/i));
    expect(fetched).toHaveLength(1);
  });

  it('says so where the text would be when its block cannot be fetched', async () => {
    const { core, files } = splitLibrary();
    const { index } = asThePageReadsIt({ core, files, broken: [...files.keys()].at(-1) as string });
    render(<DocumentBrowser passages={index.passages} texts={index.textSource} />);
    const last = index.passages.at(-1);
    const passage = open((last?.trail ?? []).join(' › '));
    await waitFor(() =>
      expect(passage.querySelector('[role="alert"]')?.textContent).toMatch(
        /The text could not be fetched: passage text text\/[0-9a-f]{64}\.bin: the site answered 404/,
      ),
    );
  });
});
